import { createContext, useContext } from 'react';
import type { AppRoute } from '../lib/route-table';
import type { RouteTables } from './guard';

// The route table reaches the shell and the pages that read it (the dashboard's shortcuts, the
// permission matrix) through React, not through an import: the table lazily imports every page,
// so a page importing it would close a circle.
export type RouteTableValue = {
  /** The routes that exist now: those with a page. */
  tables: RouteTables;
  /** The spec's whole table, pages or not. */
  all: readonly AppRoute[];
};

const RouteTableContext = createContext<RouteTableValue | null>(null);

export const RouteTableProvider = RouteTableContext.Provider;

export function useRouteTables(): RouteTableValue {
  const value = useContext(RouteTableContext);
  if (!value) throw new Error('useRouteTables needs a RouteTableProvider');
  return value;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { httpStatusOf } from '@vitrine/contract';
import { ConfigProvider } from 'antd';
import { type ReactElement, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { RouteTableProvider } from '../app/route-context';
import { ROUTE_TABLE_VALUE } from '../app/route-tables';
import { ERROR_REPORT_URL } from '../lib/http';
import { i18n } from '../lib/i18n';

// Test helpers of the account pages: a fake server answering envelopes, and a page rendered
// with its providers at a given address.

type Envelope = { code: number; msg?: string; data?: unknown };
export type ApiHandler = (body: unknown) => Envelope;
export type ApiCall = { key: string; body: unknown };

/** Stubs fetch: "METHOD /path" (without /backend) → envelope; unknown calls answer 404001. */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/backend/, '')}`;
      // Raw bytes (an upload) are kept as they are; anything else was sent as JSON.
      const raw = init?.body;
      const body: unknown = raw instanceof Blob ? raw : raw ? JSON.parse(String(raw)) : undefined;
      // The console's own error reports go out 5 s after a failure, maybe in a later test: they
      // are not calls of the page under test.
      if (key !== `POST ${ERROR_REPORT_URL}`) calls.push({ key, body });
      const envelope = handlers[key]?.(body) ?? { code: 404001, msg: `${key} is not mocked` };
      return new Response(JSON.stringify({ msg: '', data: null, ...envelope }), {
        status: httpStatusOf(envelope.code),
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

export const ok = (data: unknown = null): Envelope => ({ code: 220000, msg: 'Success', data });

/** Shows where the page navigated to. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a page at `url`, matched by `path`, with the app's route table; any other address
 * renders its location. */
export async function renderPage(element: ReactElement, url: string, path = url.split('?')[0]) {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['account', 'contract']);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <ConfigProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <RouteTableProvider value={ROUTE_TABLE_VALUE}>
            <Suspense fallback={null}>
              <Routes>
                <Route path={path} element={element} />
                <Route path="*" element={<Location />} />
              </Routes>
            </Suspense>
          </RouteTableProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

import { CheckOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './mobile.css';

/** A row that opens a page (`to`) or acts (`onClick`); `selected` marks the current choice. */
export type MobileRow = {
  key: string;
  title: ReactNode;
  icon?: ReactNode;
  extra?: ReactNode;
  to?: string;
  onClick?: () => void;
  selected?: boolean;
  pending?: boolean;
  danger?: boolean;
  lang?: string;
};

function RowContent({ row }: { row: MobileRow }) {
  const end = row.pending ? (
    <LoadingOutlined />
  ) : row.selected ? (
    <CheckOutlined className="mobile-list__icon" aria-hidden />
  ) : row.to ? (
    <RightOutlined className="mobile-list__arrow" aria-hidden />
  ) : null;
  return (
    <>
      {row.icon ? <span className="mobile-list__icon">{row.icon}</span> : null}
      <span className="mobile-list__title" lang={row.lang}>
        {row.title}
      </span>
      {row.extra ? <span className="mobile-list__extra">{row.extra}</span> : null}
      {end}
    </>
  );
}

/** Full-width rows with large tap targets: the phone pages' menus and choices. */
export function MobileList({ rows, label }: { rows: readonly MobileRow[]; label?: string }) {
  return (
    <ul className="mobile-list" aria-label={label}>
      {rows.map((row) => {
        const className = `mobile-list__row${row.danger ? ' mobile-list__row--danger' : ''}`;
        return (
          <li key={row.key}>
            {row.to ? (
              <Link to={row.to} className={className}>
                <RowContent row={row} />
              </Link>
            ) : (
              <button
                type="button"
                className={className}
                aria-current={row.selected ? 'true' : undefined}
                disabled={row.pending}
                onClick={row.onClick}
              >
                <RowContent row={row} />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

import type { ReactNode } from "react";

/** One column of a FiguresTable: its header and what a row shows in it. */
export interface FiguresColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A read-only table of figures in the shared table's look (app.css `.data-table`, `.data-row`:
 * stacked cards in a narrow box, the first column as the card's heading), without the shared
 * DataTable's paging and selection: one more screen loading DataTable would move it into every
 * admin screen's first load (decision 073).
 */
export function FiguresTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: FiguresColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
}) {
  return (
    <div className="table-card">
      <div className="overflow-x-auto" data-scroll-x>
        <table className="data-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={column.className}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="@max-3xl:block">
                <td colSpan={columns.length} className="p-0 @max-3xl:block">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="data-row">
                  {columns.map((column, index) => (
                    <td key={column.id} data-label={index > 0 ? column.header : undefined} className={column.className}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

'use client'

import { Pagination } from '@payloadcms/ui'
import { type ReactNode, useEffect, useRef } from 'react'
import styled from 'styled-components'

import { useIsDemo } from '../access'
import { DataState } from '../parts'
import { Input, Muted, Panel, Row, Select, Spacer, Stat, StatGrid } from '../ui'
import type { AdminListState } from './useAdminList'

export type Column<T> = { header: string; cell: (row: T) => ReactNode }

/**
 * A value that may be long (an address, a subject): it wraps within 24 characters and stops after
 * three lines, with the whole value on hover. Plain text cells are drawn with it.
 */
export function Clip({ children }: { children: string }) {
  return <ClipBox title={children}>{children}</ClipBox>
}

export type Filter<Name extends string = string> = {
  name: Name
  label: string
  options: readonly { value: string; label: string }[]
}

/**
 * One admin list tab: stat cards, a toolbar (filters, search, actions), the table with its loading,
 * empty and error states, and the pager. The tab declares its columns; dialogs go in `children`.
 */
export function AdminList<
  T extends { id: number },
  F extends Record<string, string> = Record<string, never>,
>({
  label,
  state,
  stats,
  intro,
  filters = [],
  search,
  actions,
  columns,
  rowProps,
  empty,
  emptyFiltered,
  children,
}: {
  label: string
  state: AdminListState<T, F>
  stats?: { label: string; value: number | undefined }[]
  /** Shown between the stat cards and the toolbar. */
  intro?: ReactNode
  filters?: Filter<keyof F & string>[]
  search?: { label: string; placeholder: string }
  actions?: ReactNode
  columns: Column<T>[]
  rowProps?: (row: T) => Record<`data-${string}`, string | boolean>
  /** The list holds nothing yet (no search, no filter). */
  empty: string
  /** Nothing under the chosen filter (no search); by default "Nothing matches this filter." */
  emptyFiltered?: string
  children?: ReactNode
}) {
  const { list } = state
  const searched = search ? state.search : ''
  const emptyText = searched
    ? `Nothing matches “${searched}”${state.isFiltered ? ' under this filter' : ''}.`
    : state.isFiltered
      ? (emptyFiltered ?? 'Nothing matches this filter.')
      : empty
  return (
    <Panel aria-label={label}>
      {stats && (
        <StatGrid>
          {stats.map((stat) => (
            <Stat key={stat.label} {...stat} />
          ))}
        </StatGrid>
      )}
      {intro}
      {(filters.length > 0 || search || actions) && (
        <Row>
          {filters.map((filter) => (
            <Select
              key={filter.name}
              aria-label={filter.label}
              value={state.filters[filter.name]}
              onChange={(event) => state.setFilter(filter.name, event.target.value)}
            >
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          ))}
          {search && <SearchBox {...search} value={state.search} onSearch={state.setSearch} />}
          <Spacer />
          {actions}
        </Row>
      )}
      <DataState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={list.data?.data.length === 0}
        empty={emptyText}
      >
        <TableFrame className="table">
          <table cellPadding={0} cellSpacing={0}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header}>{column.header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data?.data.map((row) => (
                <tr key={row.id} {...rowProps?.(row)}>
                  {columns.map((column) => {
                    const content = column.cell(row)
                    return (
                      <td key={column.header} data-label={column.header}>
                        {typeof content === 'string' ? (
                          <Clip>{content}</Clip>
                        ) : (
                          <div>{content}</div>
                        )}
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
        {list.data && <Pager {...list.data} onPage={state.setPage} />}
      </DataState>
      {children}
    </Panel>
  )
}

/** Server-side paging: Payload's pager and the count. */
function Pager({
  page,
  totalPages,
  totalDocs,
  totalCapped,
  onPage,
}: {
  page: number
  totalPages: number
  totalDocs: number
  /** A search counted up to its cap (decision 0265): the total is "at least". */
  totalCapped?: boolean
  onPage: (page: number) => void
}) {
  const row = useRef<HTMLDivElement>(null)
  // Payload's pager draws its previous and next arrows as icon-only buttons: name them.
  useEffect(() => {
    for (const [direction, name] of [
      ['left', 'Previous page'],
      ['right', 'Next page'],
    ])
      row.current?.querySelector(`.clickable-arrow--${direction}`)?.setAttribute('aria-label', name)
  })
  if (totalDocs === 0) return null
  return (
    <Row aria-label="Pages" ref={row}>
      <Pagination
        page={page}
        totalPages={totalPages}
        hasPrevPage={page > 1}
        hasNextPage={page < totalPages}
        prevPage={page - 1}
        nextPage={page + 1}
        onChange={onPage}
      />
      <Muted>
        Page {page} of {Math.max(totalPages, 1)} ·{' '}
        {totalCapped
          ? `${totalDocs.toLocaleString('en-US')}+ matches (narrow the search to see the rest)`
          : `${totalDocs.toLocaleString('en-US')} total`}
      </Muted>
    </Row>
  )
}

/**
 * The search box of the admin lists. Demo users may not search personal data (the server refuses),
 * so it is disabled for them.
 */
function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string
  placeholder: string
  value: string
  onSearch: (value: string) => void
}) {
  const isDemo = useIsDemo()
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={isDemo ? 'Search is off in demo mode' : placeholder}
      disabled={isDemo}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
    />
  )
}

/**
 * The table never grows wider than its panel: long values wrap (and clip, see `Clip`) instead of
 * widening their column. On a phone each row is a card, one labelled line per column.
 */
const TableFrame = styled.div`
  overflow-x: auto;
  margin: 0;
  table {
    width: 100%;
  }
  th,
  td {
    min-width: 0;
    padding: 10px 8px;
  }
  td .btn {
    white-space: nowrap;
  }
  /* Payload's header grey (elevation-400) is 3.5:1 on the dark panel: below WCAG AA. */
  thead th {
    color: var(--theme-elevation-800);
  }
  td {
    vertical-align: top;
  }
  tr[data-unread='true'] td {
    font-weight: 700;
  }
  @media (max-width: 640px) {
    table,
    tbody,
    tr,
    td {
      display: block;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tbody tr {
      padding: 6px 0;
      background: var(--theme-elevation-50);
      border-radius: var(--style-radius-s, 4px);
    }
    tbody tr + tr {
      margin-top: 8px;
    }
    td {
      display: grid;
      grid-template-columns: minmax(5.5rem, 30%) minmax(0, 1fr);
      gap: 8px;
      align-items: baseline;
      padding: 6px 12px;
    }
    td::before {
      content: attr(data-label);
      color: var(--theme-elevation-800);
      font-weight: 400;
    }
  }
`

// At most 24 characters wide: a long value cannot claim the table's width, and its lines break
// inside a word only where the word is longer than that.
const ClipBox = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;
  max-width: 24ch;
  overflow: hidden;
  overflow-wrap: break-word;
`

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedTable } from './paged-table.tsx';

type Row = { _id: string; name: string };

const table = (noun: { noun: string; nounOne?: string } = { noun: 'members' }) => (
  <PagedTable<Row>
    list={{
      load: {
        status: 'ready',
        page: { currentPage: 1, totalPages: 1, totalCount: 1, listdata: [{ _id: 'm1', name: 'Ava Nguyen' }] },
      },
      page: 1,
      setPage: () => {},
      reload: async () => {},
    }}
    {...noun}
    head={<th scope="col">Member</th>}
    row={(member) => (
      <tr key={member._id}>
        <td>{member.name}</td>
      </tr>
    )}
    empty={{ title: 'None', description: 'None' }}
  />
);

/** jsdom lays nothing out: the scroller's widths are what the test says. */
const widths = (scrollWidth: number, clientWidth: number) => {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
};

afterEach(() => vi.restoreAllMocks());

describe('a paged table wider than its card', () => {
  it('says it scrolls sideways and can be scrolled from the keyboard', () => {
    widths(1400, 1000);
    render(table());
    const scroller = screen.getByRole('region', { name: 'Members table' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toHaveAccessibleDescription('Scroll sideways to see every column.');
    expect(scroller).toHaveClass('table-scroll--more');
  });

  it('that fits shows no hint and takes no focus', () => {
    widths(900, 1000);
    render(table());
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText('Scroll sideways to see every column.')).toBeNull();
    expect(screen.getByRole('table', { name: 'Members' })).toBeInTheDocument();
  });
});

describe('the count under a paged table', () => {
  it('is singular for one row: the plural without its "s", or the singular given', () => {
    const { unmount } = render(table());
    expect(screen.getByRole('navigation')).toHaveTextContent(/^1 member · Page 1 of 1/);
    unmount();
    render(table({ noun: 'people', nounOne: 'person' }));
    expect(screen.getByRole('navigation')).toHaveTextContent(/^1 person · Page 1 of 1/);
  });
});

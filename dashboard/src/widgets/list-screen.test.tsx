import type { Paged } from '@coach/shared/contract/envelope';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from './list-screen.tsx';

type Person = { _id: string; name: string; team: string };
type SortBy = 'name' | 'team';

const PAGE_SIZE = 10;

/** A list call answered in memory: it narrows by name, sorts and pages as a server would. */
const fakeServer = (people: Person[]) => {
  const rows = [...people];
  const list = vi.fn(
    async ({
      search,
      sort,
      currentPage,
    }: {
      search: string;
      sort: { by: SortBy; direction: 'asc' | 'desc' };
      currentPage: number;
    }): Promise<Paged<Person>> => {
      const found = rows
        .filter((person) => person.name.toLowerCase().includes(search.toLowerCase()))
        .sort((a, b) => a[sort.by].localeCompare(b[sort.by]) * (sort.direction === 'asc' ? 1 : -1));
      return {
        currentPage,
        totalPages: Math.ceil(found.length / PAGE_SIZE),
        totalCount: found.length,
        listdata: found.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE),
      };
    },
  );
  const remove = vi.fn(async (person: Person) => {
    rows.splice(
      rows.findIndex((row) => row._id === person._id),
      1,
    );
    return `${person.name} was deleted.`;
  });
  return { list, remove };
};

const People = ({ server }: { server: ReturnType<typeof fakeServer> }) => {
  const list = useListScreen<Person, SortBy>({
    call: { path: '/test/people' },
    sort: { by: 'name', direction: 'asc' },
    debounceMs: 0,
    fetch: server.list,
    remove: server.remove,
  });
  const columns: Column<Person, SortBy>[] = [
    { header: 'Name', sort: 'name', unlabelled: true, cell: (person) => person.name },
    { header: 'Team', sort: 'team', cell: (person) => person.team },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (person) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${person.name}`}
          onClick={() => list.deletion.ask(person)}
        >
          Delete
        </Button>
      ),
    },
  ];
  return (
    <ListScreen
      className="people"
      title="People"
      description="Everyone on the course."
      actions={<Button>Add person</Button>}
      screen={list}
      search={{ label: 'Search people', placeholder: 'Name' }}
      noun="people"
      empty={
        list.search
          ? { title: 'No match', description: `Nobody is called “${list.search}”.` }
          : { title: 'Nobody yet', description: 'Add the first person.' }
      }
      columns={columns}
      rowKey={(person) => person._id}
      confirmDelete={(person) => ({
        title: `Delete ${person.name}?`,
        description: 'They lose their place on the course.',
        confirmLabel: 'Delete person',
      })}
    />
  );
};

const names = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const TEAMS = ['Blue', 'Red', 'Green'];
const crowd = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `p${i + 1}`,
    name: `Person ${String(i + 1).padStart(2, '0')}`,
    team: TEAMS[i % 3] ?? 'Blue',
  }));

const renderPeople = (people: Person[]) => {
  const server = fakeServer(people);
  render(
    <>
      <People server={server} />
      <Toaster />
    </>,
  );
  return server;
};

describe('ListScreen', () => {
  it('shows the page header, the search box and the first page of rows with its paging', async () => {
    renderPeople(crowd(25));
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add person' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toBe('Person 01');
    expect(screen.getByText(/25 people/)).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('moves through the pages with Next and Previous', async () => {
    const user = userEvent.setup();
    renderPeople(crowd(25));
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Person 11'));
    expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(names()).toEqual(['Person 21', 'Person 22', 'Person 23', 'Person 24', 'Person 25']),
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(names()[0]).toBe('Person 11'));
  });

  it('narrows the rows to what the search box holds, trimmed, from the first page', async () => {
    const user = userEvent.setup();
    const server = renderPeople(crowd(25));
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Person 11'));
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), ' Person 2 ');
    await waitFor(() =>
      expect(names()).toEqual(['Person 20', 'Person 21', 'Person 22', 'Person 23', 'Person 24', 'Person 25']),
    );
    expect(server.list).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: 'Person 2', currentPage: 1 }),
    );
  });

  it('sorts by a column header, and the other way on a second click', async () => {
    const user = userEvent.setup();
    renderPeople(crowd(4));
    await waitFor(() => expect(names()).toEqual(['Person 01', 'Person 02', 'Person 03', 'Person 04']));
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(names()).toEqual(['Person 04', 'Person 03', 'Person 02', 'Person 01']));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    const teamHeader = screen.getByRole('columnheader', { name: /Team/ });
    await user.click(within(teamHeader).getByRole('button'));
    // Blue (1, 4), Green (3), Red (2).
    await waitFor(() => expect(names()).toEqual(['Person 01', 'Person 04', 'Person 03', 'Person 02']));
    expect(teamHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('labels the cells for stacked rows but not the row name or its actions', async () => {
    renderPeople(crowd(1));
    await waitFor(() => expect(names()).toEqual(['Person 01']));
    const [name, team, actions] = within(screen.getByRole('table', { name: 'People' })).getAllByRole('cell');
    expect(name).not.toHaveAttribute('data-label');
    expect(team).toHaveAttribute('data-label', 'Team');
    expect(actions).not.toHaveAttribute('data-label');
    expect(
      screen.getByRole('columnheader', { name: 'Actions' }).querySelector('.visually-hidden'),
    ).not.toBeNull();
  });

  it('shows the empty state when there is nothing, and the no-match state when a search finds nothing', async () => {
    const user = userEvent.setup();
    renderPeople([]);
    expect(await screen.findByRole('heading', { name: 'Nobody yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'Zed');
    expect(await screen.findByRole('heading', { name: 'No match' })).toBeInTheDocument();
    expect(screen.getByText('Nobody is called “Zed”.')).toBeInTheDocument();
  });

  it('shows the error with Try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    const server = fakeServer(crowd(2));
    server.list.mockRejectedValueOnce(new Error('The people could not be reached.'));
    render(<People server={server} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('People could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual(['Person 01', 'Person 02']));
  });

  it('asks before deleting: Cancel keeps the row, confirming deletes it and reloads the list', async () => {
    const user = userEvent.setup();
    const server = renderPeople(crowd(3));
    await waitFor(() => expect(names()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Delete Person 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Person 02?' });
    expect(dialog).toHaveTextContent('They lose their place on the course.');
    expect(server.remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.remove).not.toHaveBeenCalled();
    expect(names()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete Person 02' }));
    await user.click(await screen.findByRole('button', { name: 'Delete person' }));
    await waitFor(() => expect(names()).toEqual(['Person 01', 'Person 03']));
    expect(server.remove).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Person 02 was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

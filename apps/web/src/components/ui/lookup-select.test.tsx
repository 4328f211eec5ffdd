import type { Paged } from '@milepost/contracts/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { LookupSelect, type LookupOption } from './lookup-select';

interface Team {
  id: number;
  name: string;
}

const TEAMS: Team[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `Team ${String(i + 1).padStart(2, '0')}` }));
const teamOptions = (keyword: string) =>
  pagedInfiniteQueryOptions(['teams', keyword], (p, signal) => api.get<Paged<Team>>('/teams', { query: { keyword, page: p, size: 20 }, signal }));
const toOption = (team: Team): LookupOption => ({ id: team.id, label: team.name });

function Harness({ initial = null }: { initial?: LookupOption | null }) {
  const [value, setValue] = useState<LookupOption | null>(initial);
  return (
    <>
      <LookupSelect
        id="team"
        value={value}
        onChange={setValue}
        queryOptions={teamOptions}
        toOption={toOption}
        texts={{ empty: 'No teams available', noResults: (t) => `No teams found for "${t}"`, loading: 'Loading teams...' }}
        placeholder="Select a team"
        searchPlaceholder="Search teams..."
        clearLabel="Clear team"
      />
      <output data-testid="value">{value ? value.label : 'none'}</output>
    </>
  );
}

function serve(teams: Team[]) {
  return mockApi({
    'GET /teams': ({ url }) => {
      const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
      const p = Number(url.searchParams.get('page'));
      const matching = teams.filter((t) => t.name.toLowerCase().includes(keyword));
      return page(matching.slice(p * 20, p * 20 + 20), { page: p, size: 20, totalElements: matching.length });
    },
  });
}

describe('LookupSelect', () => {
  it('loads more options when its list is scrolled near the end', async () => {
    const user = userEvent.setup();
    const { calls } = serve(TEAMS);
    renderWithApp(<Harness />, { user: makeUser([]) });
    await user.click(await screen.findByRole('combobox'));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));

    const list = screen.getByRole('listbox');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 20 * 32 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 240 });
    onTestFinished(() => {
      delete (list as { scrollHeight?: number }).scrollHeight;
    });
    list.scrollTop = 20 * 32 - 240 - 10;
    fireEvent.scroll(list);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(40));
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual(['0', '1']);
  });

  it("says 'Loading teams...' and 'No teams available', picks with the keyboard and clears", async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({ 'GET /teams': async () => (await gate, page(TEAMS.slice(0, 2))) });
    renderWithApp(<Harness />, { user: makeUser([]) });
    await user.click(await screen.findByRole('combobox'));
    expect(await screen.findByText('Loading teams...')).toBeInTheDocument();
    release();
    await screen.findByRole('option', { name: 'Team 01' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('Team 02');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear team' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it("says 'No teams available' when there are none at all", async () => {
    const user = userEvent.setup();
    serve([]);
    renderWithApp(<Harness />, { user: makeUser([]) });
    await user.click(await screen.findByRole('combobox'));
    expect(await screen.findByText('No teams available')).toBeInTheDocument();
  });
});

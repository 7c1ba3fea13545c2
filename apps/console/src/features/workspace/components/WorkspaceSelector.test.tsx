import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Role, WORKSPACE_SWITCH_DEBOUNCE_MS } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { userInfo } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs, workspaceNode } from '../../../test/team';
import { WorkspaceSelector } from './WorkspaceSelector';

const slow = { timeout: 15_000 };
const tree = [
  workspaceNode({
    group_id: 11,
    name: 'Head office',
    children: [
      workspaceNode({ group_id: 12, name: 'Lobby', origin: 'sub', parent_id: 11 }),
      workspaceNode({ group_id: 13, name: 'Store', origin: 'sub', parent_id: 11 }),
    ],
  }),
];

function server() {
  return mockApi({
    'GET /manager/account/workspace/select-list': () => ok({ result: tree }),
    'POST /manager/account/user/workspace': (body) =>
      ok(userInfo({ group_id: (body as { group_id: number }).group_id })),
  });
}

/** The Workspace-Id header of every tree request so far. */
const treeHeaders = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => String(input).endsWith('/workspace/select-list'))
    .map(([, init]) => new Headers(init?.headers).get('Workspace-Id'));

/** Opens the selector and clicks a workspace (synchronous: it also runs under fake timers). */
function choose(name: string) {
  fireEvent.mouseDown(document.getElementById('workspaceSelector')!);
  const option = screen.getAllByTitle(name).find((node) => node.closest('.ant-select-tree'));
  fireEvent.click(option!);
}

beforeEach(() => registerNotifier({ open: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('WorkspaceSelector', { timeout: 30_000 }, () => {
  it('posts only the last choice, 1 s after it, then sends the new Workspace-Id', async () => {
    signInAs(Role.owner, [], 11);
    const api = server();
    await renderPage(<WorkspaceSelector />, '/home');
    await screen.findByTitle('Head office', {}, slow);

    vi.useFakeTimers();
    choose('Lobby');
    act(() => vi.advanceTimersByTime(WORKSPACE_SWITCH_DEBOUNCE_MS / 2));
    choose('Store');
    act(() => vi.advanceTimersByTime(WORKSPACE_SWITCH_DEBOUNCE_MS - 1));
    expect(api.callsTo('POST /manager/account/user/workspace')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(getSession().workspaceId).toBe(13));
    expect(api.callsTo('POST /manager/account/user/workspace').map((call) => call.body)).toEqual([
      { group_id: 13 },
    ]);
    // The switch refreshes what is on screen, and the next requests name the new workspace.
    await waitFor(() => expect(treeHeaders().at(-1)).toBe('13'));
    expect(treeHeaders()[0]).toBe('11');
  });

  it("falls back to the user's own workspace when the saved one left the tree", async () => {
    signInAs(Role.userAdmin, [], 99);
    const api = server();
    await renderPage(<WorkspaceSelector />, '/home');
    await waitFor(() => expect(getSession().workspaceId).toBe(11), slow);
    await waitFor(() =>
      expect(api.callsTo('POST /manager/account/user/workspace').map((call) => call.body)).toEqual([
        { group_id: 11 },
      ]),
    );
    expect(await screen.findByTitle('Head office')).toBeTruthy();
  });
});

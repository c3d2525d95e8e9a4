// Settings → Team for admins: the account's people, added with a first password, given a role, a new password
// or removed. The station checks every rule (username taken, password length, the account's last admin) and says
// why it refuses; the store keeps the refusal and what was done (codes and message keys), the screen words them.
import { create } from 'zustand';
import type { Role } from '../../src-shared/roles.ts';
import type { User } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, type Said } from '../i18n/said.ts';

export interface NewPerson {
  username: string;
  name: string;
  password: string;
  role: Role;
}

export interface TeamState {
  users: User[];
  status: 'idle' | 'loading' | 'ready';
  /** The last refusal, worded by the screen as it shows it. */
  error: Said | null;
  /** What the last change did, for the screen's live region (worded there). */
  done: Said | null;
  load(): Promise<void>;
  /** true when added; false (with the error set) when the station refused. */
  add(person: NewPerson): Promise<boolean>;
  setRole(user: User, role: Role): Promise<void>;
  resetPassword(user: User, password: string): Promise<boolean>;
  remove(user: User): Promise<void>;
}

export const useTeam = create<TeamState>()((set, get) => {
  /** Runs a change, then reads the team again; a refusal is kept as it came. */
  const change = async (run: () => Promise<unknown>, done: Said): Promise<boolean> => {
    try {
      await run();
      set({ error: null, done });
      await get().load();
      return true;
    } catch (error) {
      set({ error: failure(error), done: null });
      return false;
    }
  };
  return {
    users: [],
    status: 'idle',
    error: null,
    done: null,
    async load() {
      set({ status: get().status === 'ready' ? 'ready' : 'loading' });
      try {
        set({ users: (await api().call(ROUTES.users)).data, status: 'ready' });
      } catch (error) {
        set({ status: 'ready', error: failure(error) });
      }
    },
    add: (person) =>
      change(
        async () =>
          (
            await api().call(ROUTES.addUser, {
              body: {
                data: {
                  type: 'user',
                  attributes: {
                    username: person.username.trim(),
                    name: person.name.trim() || undefined,
                    password: person.password,
                    role: person.role,
                  },
                },
              },
            })
          ).data,
        message('team.added', { username: person.username.trim(), role: person.role }),
      ),
    setRole: async (user, role) => {
      await change(
        async () =>
          (await api().call(ROUTES.changeUser, { params: { id: user.id }, body: { data: { type: 'user', attributes: { role } } } })).data,
        message('team.roleChanged', { username: user.attributes.username, role }),
      );
    },
    resetPassword: (user, password) =>
      change(
        async () =>
          (await api().call(ROUTES.changeUser, { params: { id: user.id }, body: { data: { type: 'user', attributes: { password } } } }))
            .data,
        message('team.passwordChanged', { username: user.attributes.username }),
      ),
    remove: async (user) => {
      await change(
        async () => void (await api().call(ROUTES.removeUser, { params: { id: user.id } })),
        message('team.removed', { username: user.attributes.username }),
      );
    },
  };
});

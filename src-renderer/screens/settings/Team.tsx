// Settings → Team, for admins: the people of the account with their roles; add a person, change a role, reset a
// password, remove someone who left. Removing takes effect on every desk within a second.
import React, { useEffect, useState } from 'react';
import { ROLES, type Role } from '../../../src-shared/roles.ts';
import type { UserResource as User } from '../../../src-shared/resources.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useSession } from '../../store/session.ts';
import { useTeam } from '../../store/team.ts';

export function Team(): React.JSX.Element {
  const { users, error, done, load, add } = useTeam();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('packer');
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="card" aria-labelledby="team-heading">
      <h2 id="team-heading">Team</h2>
      <p className="muted">Everyone who works in this account. Packers ship, print and track; supervisors also void, reprint and close the day for everyone’s parcels; admins also manage the team.</p>
      <ErrorNotice message={error} />
      <p role="status" aria-live="polite" className={done ? 'notice' : 'sr-only'}>
        {done ?? ''}
      </p>
      <table className="list" aria-label="Team">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Username</th>
            <th scope="col">Role</th>
            <th scope="col">Password</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <Person key={user.id} user={user} />
          ))}
        </tbody>
      </table>
      <form
        className="grid"
        aria-label="Add a person"
        onSubmit={(event) => {
          event.preventDefault();
          void add({ username, name, password, role }).then((added) => {
            if (!added) return;
            setUsername('');
            setName('');
            setPassword('');
            setRole('packer');
          });
        }}
      >
        <Field label="Username" value={username} onValue={setUsername} required autoComplete="off" />
        <Field label="Name" value={name} onValue={setName} hint="as the desk shows it" />
        <Field label="First password" type="password" value={password} onValue={setPassword} required autoComplete="new-password" hint="at least 10 characters" />
        <div className="field">
          <label htmlFor="team-new-role">Role</label>
          <select id="team-new-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary">
          Add person
        </button>
      </form>
    </section>
  );
}

function Person({ user }: { user: User }): React.JSX.Element {
  const { setRole, resetPassword, remove } = useTeam();
  const me = useSession((state) => state.who?.user?.id === user.id);
  const [password, setPassword] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { username, name } = user.attributes;
  return (
    <tr>
      <th scope="row">
        {name}
        {me ? <span className="muted"> (you)</span> : null}
      </th>
      <td className="mono">{username}</td>
      <td>
        <select aria-label={`Role of ${username}`} value={user.attributes.role} onChange={(event) => void setRole(user, event.target.value as Role)}>
          {ROLES.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </td>
      <td>
        {password === null ? (
          <button type="button" className="secondary" onClick={() => setPassword('')}>
            Reset password
          </button>
        ) : (
          <form
            className="inline"
            onSubmit={(event) => {
              event.preventDefault();
              void resetPassword(user, password).then((changed) => {
                if (changed) setPassword(null);
              });
            }}
          >
            <label className="sr-only" htmlFor={`password-${user.id}`}>{`New password for ${username}`}</label>
            <input id={`password-${user.id}`} type="password" value={password} autoComplete="new-password" onChange={(event) => setPassword(event.target.value)} />
            <button type="submit" className="primary">
              Set
            </button>
            <button type="button" className="link" onClick={() => setPassword(null)}>
              Cancel
            </button>
          </form>
        )}
      </td>
      <td>
        {me ? null : confirming ? (
          <span className="inline-actions" role="group" aria-label={`Remove ${username}?`}>
            <button type="button" className="danger" onClick={() => void remove(user).then(() => setConfirming(false))}>
              Remove {username}
            </button>
            <button type="button" className="link" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="link" aria-label={`Remove ${username}`} onClick={() => setConfirming(true)}>
            Remove
          </button>
        )}
      </td>
    </tr>
  );
}

// Settings → Team, for admins: the people of the account with their roles; add a person, change a role, reset a
// password, remove someone who left. Removing takes effect on every desk within a second.
import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../src-shared/roles.ts';
import type { UserResource as User } from '../../../src-shared/resources.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { sayIt } from '../../i18n/said.ts';
import { useSession } from '../../store/session.ts';
import { useTeam } from '../../store/team.ts';

export function Team(): React.JSX.Element {
  const { t } = useTranslation();
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
      <h2 id="team-heading">{t('team.heading')}</h2>
      <p className="muted">{t('team.lead')}</p>
      <ErrorNotice message={error} />
      <p role="status" aria-live="polite" className={done ? 'notice' : 'sr-only'}>
        {done ? sayIt(done) : ''}
      </p>
      <table className="list" aria-label={t('team.heading')}>
        <thead>
          <tr>
            <th scope="col">{t('team.name')}</th>
            <th scope="col">{t('signIn.username')}</th>
            <th scope="col">{t('team.role')}</th>
            <th scope="col">{t('signIn.password')}</th>
            <th scope="col">
              <span className="sr-only">{t('common.remove')}</span>
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
        aria-label={t('team.addPerson')}
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
        <Field label={t('signIn.username')} value={username} onValue={setUsername} required autoComplete="off" />
        <Field label={t('team.name')} value={name} onValue={setName} hint={t('team.nameHint')} />
        <Field
          label={t('team.firstPassword')}
          type="password"
          value={password}
          onValue={setPassword}
          required
          autoComplete="new-password"
          hint={t('team.passwordHint')}
        />
        <div className="field">
          <label htmlFor="team-new-role">{t('team.role')}</label>
          <select id="team-new-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((each) => (
              <option key={each} value={each}>
                {t(`role.${each}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary">
          {t('team.add')}
        </button>
      </form>
    </section>
  );
}

function Person({ user }: { user: User }): React.JSX.Element {
  const { t } = useTranslation();
  const { setRole, resetPassword, remove } = useTeam();
  const me = useSession((state) => state.who?.user?.id === user.id);
  const [password, setPassword] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { username, name } = user.attributes;
  return (
    <tr>
      <th scope="row">
        {name}
        {me ? <span className="muted"> {t('team.you')}</span> : null}
      </th>
      <td className="mono">{username}</td>
      <td>
        <select
          aria-label={t('team.roleOf', { username })}
          value={user.attributes.role}
          onChange={(event) => void setRole(user, event.target.value as Role)}
        >
          {ROLES.map((each) => (
            <option key={each} value={each}>
              {t(`role.${each}`)}
            </option>
          ))}
        </select>
      </td>
      <td>
        {password === null ? (
          <button type="button" className="secondary" onClick={() => setPassword('')}>
            {t('team.resetPassword')}
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
            <label className="sr-only" htmlFor={`password-${user.id}`}>
              {t('team.newPasswordFor', { username })}
            </label>
            <input
              id={`password-${user.id}`}
              type="password"
              value={password}
              autoComplete="new-password"
              onChange={(event) => setPassword(event.target.value)}
            />
            <button type="submit" className="primary">
              {t('team.set')}
            </button>
            <button type="button" className="link" onClick={() => setPassword(null)}>
              {t('common.cancel')}
            </button>
          </form>
        )}
      </td>
      <td>
        {me ? null : confirming ? (
          <span className="inline-actions" role="group" aria-label={t('team.removeQuestion', { username })}>
            <button type="button" className="danger" onClick={() => void remove(user).then(() => setConfirming(false))}>
              {t('team.remove', { username })}
            </button>
            <button type="button" className="link" onClick={() => setConfirming(false)}>
              {t('team.keep')}
            </button>
          </span>
        ) : (
          <button type="button" className="link" aria-label={t('team.remove', { username })} onClick={() => setConfirming(true)}>
            {t('common.remove')}
          </button>
        )}
      </td>
    </tr>
  );
}

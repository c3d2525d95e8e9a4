// Sign in with the client's username and password. A wrong pair says so, without saying which one was wrong;
// other refusals (too many tries, a busy station) show the station's text. The language can be chosen here,
// before anyone signs in.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/Notice.tsx';
import { Field } from '../../components/Field.tsx';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { useSession } from '../../store/session.ts';

export function SignIn(): React.JSX.Element {
  const { t } = useTranslation();
  const { status, error, signIn } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const busy = status === 'signing-in';

  return (
    <main className="sign-in">
      <form
        className="card sign-in__card"
        onSubmit={(event) => {
          event.preventDefault();
          void signIn(username, password);
        }}
      >
        <h1>{t('app.name')}</h1>
        <p className="muted">{t('signIn.lead')}</p>
        <Field label={t('signIn.username')} value={username} onValue={setUsername} autoComplete="username" autoFocus required />
        <Field
          label={t('signIn.password')}
          value={password}
          onValue={setPassword}
          type="password"
          autoComplete="current-password"
          required
        />
        <ErrorNotice message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('signIn.busy') : t('signIn.submit')}
        </button>
        <LanguagePicker />
      </form>
    </main>
  );
}

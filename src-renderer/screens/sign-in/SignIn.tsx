// Sign in with the client's username and password. A wrong pair says so, without saying which one was wrong;
// other refusals (too many tries, a busy station) show the station's text.
import React, { useState } from 'react';
import { ErrorNotice } from '../../components/Notice.tsx';
import { Field } from '../../components/Field.tsx';
import { useSession } from '../../store/session.ts';

export function SignIn(): React.JSX.Element {
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
        <h1>Shipping Station</h1>
        <p className="muted">Sign in with your station client.</p>
        <Field label="Username" value={username} onValue={setUsername} autoComplete="username" autoFocus required />
        <Field label="Password" value={password} onValue={setPassword} type="password" autoComplete="current-password" required />
        <ErrorNotice message={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

// Settings' watched orders folder (admins only): the folder on the station's computer whose order files are imported
// by themselves, as which user, and whether the station watches it now (and why not). Saving starts, moves or stops
// the station's watcher at once; a folder given to `station serve --orders-folder` wins over it.
import React, { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../src-shared/routes.ts';
import { isAbsoluteFolderPath, type OrdersFolderAttributes } from '../../../src-shared/watched-folder.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { failure, fieldRefusals, message, sayIt, type Said } from '../../i18n/said.ts';
import { api } from '../../store/session.ts';

const FOLDER = '/data/attributes/folder';
const USER = '/data/attributes/user';

export function OrdersFolder(): React.JSX.Element {
  const { t } = useTranslation();
  const [state, setState] = useState<OrdersFolderAttributes | null>(null);
  const [folder, setFolder] = useState('');
  const [user, setUser] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<Said | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, Said>>({});

  const learn = useCallback((answer: OrdersFolderAttributes) => {
    setState(answer);
    setFolder(answer.folder ?? '');
    setUser(answer.user ?? '');
  }, []);

  useEffect(() => {
    api()
      .call(ROUTES.ordersFolder)
      .then(
        (answer) => learn(answer.data.attributes),
        (caught: unknown) => setError(failure(caught)),
      );
  }, [learn]);

  const save = async (change: { folder?: string | null; user?: string | null }) => {
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      learn(
        (await api().call(ROUTES.changeOrdersFolder, { body: { data: { type: 'ordersFolder', attributes: change } } })).data.attributes,
      );
    } catch (caught) {
      const fields = fieldRefusals(caught);
      setFieldErrors(fields);
      if (!fields[FOLDER] && !fields[USER]) setError(failure(caught));
    } finally {
      setSaving(false);
    }
  };

  const stateText = (): string => {
    if (!state) return '';
    if (state.watching) return t('ordersFolder.watching', { folder: state.watchedFolder ?? '' });
    if (state.problem) return t(`ordersFolder.problem.${state.problem}`);
    return t('ordersFolder.off');
  };
  const changed = state !== null && (folder.trim() !== (state.folder ?? '') || user.trim() !== (state.user ?? ''));

  return (
    <section className="card" aria-labelledby="orders-folder-heading">
      <h2 id="orders-folder-heading">{t('ordersFolder.heading')}</h2>
      <p className="muted">{t('ordersFolder.lead')}</p>
      {state ? (
        <dl className="facts">
          <dt>{t('ordersFolder.folder')}</dt>
          <dd className="mono">{state.folder ?? t('ordersFolder.none')}</dd>
          <dt>{t('ordersFolder.user')}</dt>
          <dd>{state.user ?? t('ordersFolder.accountAdmin')}</dd>
          <dt>{t('ordersFolder.state')}</dt>
          <dd data-testid="orders-folder-state">{stateText()}</dd>
        </dl>
      ) : null}
      {state?.commandLine ? <p className="muted">{t('ordersFolder.commandLine', { folder: state.commandLine.folder })}</p> : null}
      <ErrorNotice message={error} />
      <form
        className="grid"
        onSubmit={(event) => {
          event.preventDefault();
          const path = folder.trim();
          // A path from the root (or a drive): the station's own check, said before the request in the desk's words.
          if (path !== '' && !isAbsoluteFolderPath(path)) {
            setError(null);
            setFieldErrors({ [FOLDER]: message('ordersFolder.notAbsolute') });
            return;
          }
          void save({ folder: path || null, user: user.trim() || null });
        }}
      >
        <Field
          label={t('ordersFolder.folderField')}
          value={folder}
          onValue={setFolder}
          wide
          autoComplete="off"
          spellCheck={false}
          error={fieldErrors[FOLDER] && sayIt(fieldErrors[FOLDER])}
        />
        <Field
          label={t('ordersFolder.userField')}
          value={user}
          onValue={setUser}
          autoComplete="off"
          error={fieldErrors[USER] && sayIt(fieldErrors[USER])}
        />
        <button type="submit" disabled={saving || !changed}>
          {t('ordersFolder.save')}
        </button>
        {state?.folder ? (
          <button type="button" className="secondary" disabled={saving} onClick={() => void save({ folder: null })}>
            {t('ordersFolder.stop')}
          </button>
        ) : null}
      </form>
    </section>
  );
}

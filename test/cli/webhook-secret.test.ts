// `station webhook rotate-secret` and `webhook change` at the admin command: the same rules as PATCH /webhooks/<id>,
// a new secret printed once and kept out of the list and the audit log.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

describe('station webhook rotate-secret and change', () => {
  it('prints a new secret once, audited without it; change takes the API’s rules', async () => {
    const data = tempDir('webhook-cli-');
    const client = JSON.parse(
      (await runCli(['client', 'add', '--data', data, '--username', 'hooks', '--password', 'hooks-password', '--name', 'Hooks', '--json']))
        .stdout,
    );
    const added = JSON.parse(
      (
        await runCli([
          'webhook',
          'add',
          '--data',
          data,
          '--url',
          'http://127.0.0.1:9/hook',
          '--events',
          'tracking.updated',
          '--client',
          client.id,
          '--json',
        ])
      ).stdout,
    );
    const rotated = await runCli(['webhook', 'rotate-secret', '--data', data, '--id', added.id, '--json']);
    expect(rotated.code, rotated.stderr).toBe(0);
    const { id, secret } = JSON.parse(rotated.stdout);
    expect(id).toBe(added.id);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(secret).not.toBe(added.secret);
    const list = await runCli(['webhook', 'list', '--data', data, '--json']);
    expect(list.stdout).not.toContain(secret);
    const audit = await runCli(['audit', '--data', data, '--action', 'webhook.changed', '--json']);
    expect(audit.stdout).toContain('secretRotated');
    expect(audit.stdout).not.toContain(secret);

    const changed = await runCli([
      'webhook',
      'change',
      '--data',
      data,
      '--id',
      added.id,
      '--url',
      'https://erp.example/hooks/station',
      '--environment',
      'sandbox',
      '--json',
    ]);
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({
      url: 'https://erp.example/hooks/station',
      environment: 'sandbox',
      eventTypes: ['tracking.updated'],
    });
    expect(JSON.parse(changed.stdout).secret).toBeUndefined();
    const refused = await runCli(['webhook', 'change', '--data', data, '--id', added.id, '--url', 'ftp://erp.example/hooks']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Invalid --url');
    const nothing = await runCli(['webhook', 'change', '--data', data, '--id', added.id]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('give at least one of --url, --events and --environment');
    const unknown = await runCli(['webhook', 'rotate-secret', '--data', data, '--id', '4242']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No webhook has the id 4242');
  });
});

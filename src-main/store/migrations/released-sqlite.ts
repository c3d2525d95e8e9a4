// The SQLite back end's migrations released before the store was written once (versions 1 to 17), as they were
// released: literal text that imports nothing live, never edited, because stations in the field have applied them
// (test/unit/migration-pins.test.ts pins each one's sha256). One file, over 500 lines, because they
// are history, read in the order they run; test/api/release-fixture.test.ts opens a database they made. Every
// migration since is written once for both back ends, one file each (index.ts).
import type { Migration } from './migration.ts';

export const RELEASED_SQLITE: readonly Migration[] = [
  {
    version: 1,
    name: 'station secrets, integrations and clients',
    sql: `
      CREATE TABLE station_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE integrations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        integration_key TEXT NOT NULL UNIQUE,
        is_desktop INTEGER NOT NULL DEFAULT 0 CHECK (is_desktop IN (0, 1)),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX integrations_one_desktop ON integrations (is_desktop) WHERE is_desktop = 1;

      CREATE TABLE clients (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        credential BLOB NOT NULL,
        client_key TEXT NOT NULL,
        name TEXT NOT NULL,
        address1 TEXT NOT NULL DEFAULT '',
        address2 TEXT NOT NULL DEFAULT '',
        city TEXT NOT NULL DEFAULT '',
        postal_code TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT '',
        country TEXT NOT NULL DEFAULT '',
        contact TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        tax_identification TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: 'shipments, documents, bookings, tracking events, audit, address book, carrier settings',
    sql: `
      CREATE TABLE reference_counter (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        next_value INTEGER NOT NULL
      ) STRICT;
      INSERT INTO reference_counter (id, next_value) VALUES (1, 100200000001);

      CREATE TABLE shipments (
        id TEXT PRIMARY KEY,
        client_id INTEGER NOT NULL REFERENCES clients (id),
        sandbox INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
        origin TEXT NOT NULL CHECK (origin IN ('save', 'confirm', 'create')),
        status INTEGER NOT NULL CHECK (status IN (0, 3, -1)),
        scheduled INTEGER NOT NULL CHECK (scheduled IN (0, 1)),
        service TEXT,
        carrier_choice TEXT,
        reference TEXT UNIQUE,
        ship_date TEXT NOT NULL,
        attributes TEXT NOT NULL,
        carrier_code TEXT,
        carrier_name TEXT,
        service_code TEXT,
        service_name TEXT,
        final_cents INTEGER,
        insurance_cents INTEGER,
        currency TEXT,
        tracking_number TEXT UNIQUE,
        tracking_hash TEXT UNIQUE,
        error TEXT,
        claim_token TEXT,
        claimed_at TEXT,
        created_at TEXT NOT NULL,
        processed_at TEXT,
        deleted_at TEXT
      ) STRICT;
      CREATE INDEX shipments_waiting ON shipments (created_at) WHERE status = 0 AND scheduled = 1 AND deleted_at IS NULL;
      CREATE INDEX shipments_listing ON shipments (client_id, sandbox, ship_date DESC, created_at DESC) WHERE deleted_at IS NULL;

      CREATE TABLE shipment_documents (
        shipment_id TEXT PRIMARY KEY REFERENCES shipments (id),
        content_type TEXT NOT NULL,
        file_name TEXT NOT NULL,
        data BLOB NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE collection_bookings (
        shipment_id TEXT PRIMARY KEY REFERENCES shipments (id),
        carrier_code TEXT NOT NULL,
        collection_date TEXT NOT NULL,
        address TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE tracking_events (
        id INTEGER PRIMARY KEY,
        shipment_id TEXT NOT NULL REFERENCES shipments (id),
        status INTEGER NOT NULL,
        occurred_at TEXT NOT NULL,
        location TEXT NOT NULL DEFAULT '',
        text TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX tracking_events_latest ON tracking_events (shipment_id, occurred_at DESC, id DESC);

      CREATE TABLE shipment_audit (
        id INTEGER PRIMARY KEY,
        shipment_id TEXT NOT NULL REFERENCES shipments (id),
        client_id INTEGER NOT NULL,
        action TEXT NOT NULL,
        detail TEXT,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX shipment_audit_by_shipment ON shipment_audit (shipment_id);

      CREATE TABLE carrier_settings (
        choice_code TEXT PRIMARY KEY,
        fuel_surcharge_percent REAL NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE addresses (
        id INTEGER PRIMARY KEY,
        client_id INTEGER NOT NULL REFERENCES clients (id),
        sandbox INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
        fingerprint TEXT NOT NULL,
        name TEXT NOT NULL,
        contact TEXT NOT NULL DEFAULT '',
        address1 TEXT NOT NULL DEFAULT '',
        address2 TEXT NOT NULL DEFAULT '',
        city TEXT NOT NULL DEFAULT '',
        postal_code TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT '',
        country TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        tax_identification TEXT NOT NULL DEFAULT '',
        use_count INTEGER NOT NULL DEFAULT 1,
        last_used_at TEXT NOT NULL,
        UNIQUE (client_id, sandbox, fingerprint)
      ) STRICT;
      CREATE INDEX addresses_by_name ON addresses (client_id, sandbox, name COLLATE NOCASE);

      -- Trigram full-text index: substring search in any word, fast at millions of rows.
      CREATE VIRTUAL TABLE addresses_search USING fts5 (
        name, contact, address1, address2, city, postal_code, email,
        content = 'addresses', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
      );
      CREATE TRIGGER addresses_search_insert AFTER INSERT ON addresses BEGIN
        INSERT INTO addresses_search (rowid, name, contact, address1, address2, city, postal_code, email)
        VALUES (new.id, new.name, new.contact, new.address1, new.address2, new.city, new.postal_code, new.email);
      END;
      CREATE TRIGGER addresses_search_delete AFTER DELETE ON addresses BEGIN
        INSERT INTO addresses_search (addresses_search, rowid, name, contact, address1, address2, city, postal_code, email)
        VALUES ('delete', old.id, old.name, old.contact, old.address1, old.address2, old.city, old.postal_code, old.email);
      END;
      CREATE TRIGGER addresses_search_update AFTER UPDATE OF name, contact, address1, address2, city, postal_code, email ON addresses BEGIN
        INSERT INTO addresses_search (addresses_search, rowid, name, contact, address1, address2, city, postal_code, email)
        VALUES ('delete', old.id, old.name, old.contact, old.address1, old.address2, old.city, old.postal_code, old.email);
        INSERT INTO addresses_search (rowid, name, contact, address1, address2, city, postal_code, email)
        VALUES (new.id, new.name, new.contact, new.address1, new.address2, new.city, new.postal_code, new.email);
      END;
    `,
  },
  {
    version: 3,
    name: 'print jobs and station settings',
    sql: `
      CREATE TABLE print_jobs (
        id TEXT PRIMARY KEY,
        shipment_id TEXT NOT NULL REFERENCES shipments (id),
        client_id INTEGER NOT NULL REFERENCES clients (id),
        printer TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('pdf', 'zpl')),
        dpi INTEGER NOT NULL CHECK (dpi IN (203, 300)),
        copies INTEGER NOT NULL CHECK (copies BETWEEN 1 AND 99),
        status TEXT NOT NULL CHECK (status IN ('queued', 'printing', 'done', 'failed')),
        reason TEXT,
        backend_job_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX print_jobs_open ON print_jobs (status) WHERE status IN ('queued', 'printing');
      CREATE INDEX print_jobs_by_shipment ON print_jobs (shipment_id);

      CREATE TABLE station_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 4,
    name: 'summary columns (names, countries, latest tracking event) and a covering index, so listing shipments reads one index; an index of claimed shipments',
    sql: `
      ALTER TABLE shipments ADD COLUMN ship_from_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE shipments ADD COLUMN ship_from_country TEXT NOT NULL DEFAULT '';
      ALTER TABLE shipments ADD COLUMN ship_to_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE shipments ADD COLUMN ship_to_country TEXT NOT NULL DEFAULT '';
      -- The latest tracking event (by time, then by arrival), kept on the shipment as events arrive.
      ALTER TABLE shipments ADD COLUMN tracking_status INTEGER;
      ALTER TABLE shipments ADD COLUMN tracking_date TEXT;
      UPDATE shipments SET
        ship_from_name = json_extract(attributes, '$.shipFrom.name'),
        ship_from_country = json_extract(attributes, '$.shipFrom.country'),
        ship_to_name = json_extract(attributes, '$.shipTo.name'),
        ship_to_country = json_extract(attributes, '$.shipTo.country'),
        tracking_status = (SELECT status FROM tracking_events WHERE shipment_id = shipments.id ORDER BY occurred_at DESC, id DESC LIMIT 1),
        tracking_date = (SELECT occurred_at FROM tracking_events WHERE shipment_id = shipments.id ORDER BY occurred_at DESC, id DESC LIMIT 1);
      -- Releasing claims at start must not scan every shipment.
      CREATE INDEX shipments_claimed ON shipments (claim_token) WHERE claim_token IS NOT NULL;
      -- The shipment list reads this index only: every summary column is in it, in the list's order.
      DROP INDEX shipments_listing;
      CREATE INDEX shipments_summaries ON shipments (
        client_id, sandbox, ship_date DESC, created_at DESC, id DESC, reference, status, scheduled,
        ship_from_name, ship_from_country, ship_to_name, ship_to_country, tracking_status, tracking_date, deleted_at
      ) WHERE deleted_at IS NULL;
    `,
  },
  {
    version: 5,
    name: 'removed clients and revoked integration keys: kept for the records that name them, no longer usable',
    sql: `
      ALTER TABLE clients ADD COLUMN removed_at TEXT;
      ALTER TABLE integrations ADD COLUMN revoked_at TEXT;
    `,
  },
  {
    version: 6,
    name: 'roles, desks and the audit log: each client has a role, each print job the desk whose printer prints it, and an append-only record of who did what from which desk',
    sql: `
      -- Clients from before roles keep what they could do: the first-run admin is admin, everyone else supervisor.
      ALTER TABLE clients ADD COLUMN role TEXT NOT NULL DEFAULT 'packer' CHECK (role IN ('packer', 'supervisor', 'admin'));
      UPDATE clients SET role = CASE WHEN username = 'admin' THEN 'admin' ELSE 'supervisor' END;

      -- NULL: queued before desks; the first desk whose monitor runs takes them over.
      ALTER TABLE print_jobs ADD COLUMN desk TEXT;
      DROP INDEX print_jobs_open;
      CREATE INDEX print_jobs_open ON print_jobs (desk, created_at) WHERE status IN ('queued', 'printing');

      CREATE TABLE audit_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        desk TEXT NOT NULL,
        via TEXT NOT NULL CHECK (via IN ('api', 'cli')),
        actor_client_id INTEGER,
        actor TEXT NOT NULL,
        actor_role TEXT,
        action TEXT NOT NULL,
        subject_type TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        detail TEXT
      ) STRICT;
      CREATE INDEX audit_events_by_subject ON audit_events (subject_type, subject_id);
      CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `,
  },
  {
    version: 7,
    name: 'idempotency keys, written with what their first request made, and the integration events, written with the change they describe',
    sql: `
      CREATE TABLE idempotency_keys (
        client_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        subject_type TEXT NOT NULL CHECK (subject_type IN ('shipment', 'printJob')),
        subject_id TEXT NOT NULL,
        response TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (client_id, key)
      ) STRICT;
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

      CREATE TABLE events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        type TEXT NOT NULL,
        client_id INTEGER NOT NULL,
        sandbox INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
        subject_type TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        data TEXT NOT NULL,
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX events_by_client ON events (client_id, sandbox, id);
    `,
  },
  {
    version: 8,
    name: 'webhooks: endpoints that receive events, signed, and the log of each delivery',
    sql: `
      CREATE TABLE webhooks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        url TEXT NOT NULL,
        event_types TEXT NOT NULL,
        client_id INTEGER,
        secret TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
        paused_reason TEXT,
        created_at TEXT NOT NULL,
        removed_at TEXT
      ) STRICT;

      CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        webhook_id INTEGER NOT NULL REFERENCES webhooks (id),
        event_id INTEGER NOT NULL,
        event_type TEXT NOT NULL,
        replay INTEGER NOT NULL CHECK (replay IN (0, 1)),
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'dead')),
        attempts INTEGER NOT NULL,
        next_attempt_at TEXT NOT NULL,
        last_status INTEGER,
        last_error TEXT,
        created_at TEXT NOT NULL,
        delivered_at TEXT
      ) STRICT;
      CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);
      CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, id) WHERE status = 'pending';
    `,
  },
  {
    version: 9,
    name: 'the upstream gateway: what an upstream service booked for each shipment, and finding shipments by customer reference',
    sql: `
      CREATE TABLE upstream_bookings (
        shipment_id TEXT PRIMARY KEY REFERENCES shipments (id),
        carrier_choice TEXT NOT NULL,
        remote_id TEXT NOT NULL,
        remote_reference TEXT,
        created_at TEXT NOT NULL,
        refreshed_at TEXT
      ) STRICT;
      CREATE INDEX upstream_bookings_by_refresh ON upstream_bookings (coalesce(refreshed_at, ''));
      -- A gateway in front of this station finds its booking again by the customer reference it sent.
      CREATE INDEX shipments_by_customer_reference ON shipments (json_extract(attributes, '$.customerReference'))
        WHERE json_extract(attributes, '$.customerReference') IS NOT NULL;
    `,
  },
  {
    version: 10,
    name: 'end of day: manifests that close a carrier and ship date for a client, and the shipments each holds',
    sql: `
      CREATE TABLE manifests (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        number TEXT NOT NULL UNIQUE,
        client_id INTEGER NOT NULL REFERENCES clients (id),
        sandbox INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
        carrier_code TEXT NOT NULL,
        ship_date TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('closed', 'reopened')),
        totals TEXT NOT NULL,
        document BLOB NOT NULL,
        closed_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        reopened_at TEXT,
        transmitted_at TEXT
      ) STRICT;
      -- One closed manifest per client, carrier and day: two desks closing at once make one.
      CREATE UNIQUE INDEX manifests_one_closed ON manifests (client_id, sandbox, carrier_code, ship_date) WHERE status = 'closed';
      CREATE INDEX manifests_by_day ON manifests (client_id, sandbox, ship_date);
      ALTER TABLE shipments ADD COLUMN manifest_id INTEGER REFERENCES manifests (id);
      CREATE INDEX shipments_by_manifest ON shipments (manifest_id) WHERE manifest_id IS NOT NULL;
      CREATE INDEX shipments_by_carrier_day ON shipments (client_id, sandbox, ship_date, carrier_code);
    `,
  },
  {
    version: 11,
    name: 'pickups: a collection booking can be cancelled',
    sql: `
      ALTER TABLE collection_bookings ADD COLUMN status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled'));
      ALTER TABLE collection_bookings ADD COLUMN cancelled_at TEXT;
      CREATE INDEX collection_bookings_by_day ON collection_bookings (collection_date, carrier_code);
    `,
  },
  {
    version: 12,
    name: 'reports: summaries per client, ship date and carrier, and per destination, kept with each processing and void',
    sql: `
      CREATE TABLE shipment_days (
        client_id INTEGER NOT NULL,
        sandbox INTEGER NOT NULL,
        ship_date TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        shipments INTEGER NOT NULL,
        packages INTEGER NOT NULL,
        weight_g INTEGER NOT NULL,
        cost_cents INTEGER NOT NULL,
        PRIMARY KEY (client_id, sandbox, ship_date, carrier_code)
      ) STRICT;
      CREATE TABLE destination_days (
        client_id INTEGER NOT NULL,
        sandbox INTEGER NOT NULL,
        ship_date TEXT NOT NULL,
        country TEXT NOT NULL,
        shipments INTEGER NOT NULL,
        PRIMARY KEY (client_id, sandbox, ship_date, country)
      ) STRICT;
      DELETE FROM shipment_days;
  DELETE FROM destination_days;
  INSERT INTO shipment_days (client_id, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents)
  SELECT client_id, sandbox, ship_date, carrier_code, count(*), sum(json_array_length(attributes, '$.packages')), CAST(round(sum((SELECT coalesce(sum(CAST(json_extract(p.value, '$.weight.value') AS REAL)), 0) FROM json_each(attributes, '$.packages') p)) * 1000) AS INTEGER), coalesce(sum(final_cents), 0)
  FROM shipments WHERE status = 3 AND deleted_at IS NULL GROUP BY client_id, sandbox, ship_date, carrier_code;
  INSERT INTO destination_days (client_id, sandbox, ship_date, country, shipments)
  SELECT client_id, sandbox, ship_date, ship_to_country, count(*) FROM shipments WHERE status = 3 AND deleted_at IS NULL
  GROUP BY client_id, sandbox, ship_date, ship_to_country;
    `,
  },
  {
    version: 13,
    name: 'end of day: manifests sent to an upstream service through the outbox',
    sql: `
      -- 'none': a rate-card carrier's, nothing to send; 'pending': to be sent to the upstream service (at
      -- transmit_next_at); 'sent'; 'failed': the upstream refused it (transmit_error), until a supervisor sends it again.
      ALTER TABLE manifests ADD COLUMN transmission TEXT NOT NULL DEFAULT 'none' CHECK (transmission IN ('none', 'pending', 'sent', 'failed'));
      ALTER TABLE manifests ADD COLUMN transmit_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE manifests ADD COLUMN transmit_error TEXT;
      ALTER TABLE manifests ADD COLUMN transmit_next_at TEXT;
      ALTER TABLE manifests ADD COLUMN remote_number TEXT;
      CREATE INDEX manifests_to_transmit ON manifests (transmit_next_at) WHERE transmission = 'pending';
    `,
  },
  {
    version: 14,
    name: 'orders: the work a desk ships, linked to its shipment',
    sql: `
      -- The orders extension: the work a desk ships, handed over before packing. Its status comes from the live
      -- shipment that names it (shipments.order_number), so a void or a failure opens it again by itself.
      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        client_id INTEGER NOT NULL REFERENCES clients (id),
        sandbox INTEGER NOT NULL CHECK (sandbox IN (0, 1)),
        number TEXT NOT NULL,
        attributes TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('api', 'import')),
        created_at TEXT NOT NULL,
        UNIQUE (client_id, sandbox, number)
      ) STRICT;
      ALTER TABLE shipments ADD COLUMN order_number TEXT;
      -- One live shipment per order: a second desk scanning the same order cannot ship it twice.
      CREATE UNIQUE INDEX shipments_one_per_order ON shipments (client_id, sandbox, order_number)
        WHERE order_number IS NOT NULL AND deleted_at IS NULL AND status <> -1;
    `,
  },
  {
    version: 15,
    name: 'print jobs of many labels: bulk print',
    sql: `
      -- A bulk print job prints the labels of many shipments as one job: their ids in order and the sheet layout,
      -- as JSON; shipment_id is the first of them. NULL for a job of one shipment's labels.
      ALTER TABLE print_jobs ADD COLUMN batch TEXT;
      -- Each shipment a bulk job prints, for the reprint check: looked up by shipment, as print_jobs is.
      CREATE TABLE print_job_shipments (
        print_job_id TEXT NOT NULL REFERENCES print_jobs (id),
        position INTEGER NOT NULL,
        shipment_id TEXT NOT NULL REFERENCES shipments (id),
        PRIMARY KEY (print_job_id, position)
      ) STRICT;
      CREATE INDEX print_job_shipments_by_shipment ON print_job_shipments (shipment_id);
    `,
  },

  {
    version: 16,
    name: "print jobs of A4 documents: the commercial invoice on the desk's A4 printer",
    sql: `
      -- What a job prints: the label pages (for the label printer) or the A4 documents (for the A4 printer).
      ALTER TABLE print_jobs ADD COLUMN documents TEXT NOT NULL DEFAULT 'labels' CHECK (documents IN ('labels', 'a4'));
    `,
  },
  {
    version: 17,
    name: 'accounts and their people: users inside a client, and who made each shipment at which desk',
    sql: `
      -- A client is the shipper account; a user is a person in it, with a role, who signs in. Each existing client
      -- becomes an account with one user of the same id, username, password and role, so nothing changes for it.
      -- The clients' own username stays the account's name for scripts; their credential and role columns are no
      -- longer read (users hold them), and are kept only because SQLite cannot drop a UNIQUE column.
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        client_id INTEGER NOT NULL REFERENCES clients (id),
        username TEXT NOT NULL UNIQUE,
        credential BLOB NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('packer', 'supervisor', 'admin')),
        name TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        removed_at TEXT
      ) STRICT;
      CREATE INDEX users_of_client ON users (client_id);
      INSERT INTO users (id, client_id, username, credential, role, name, created_at, updated_at, removed_at)
        SELECT id, id, username, credential, role, CASE WHEN contact <> '' THEN contact ELSE username END, created_at, updated_at, removed_at FROM clients;

      -- Who made a shipment (the user's username: usernames never change and are never reused) and at which desk.
      ALTER TABLE shipments ADD COLUMN created_by TEXT;
      ALTER TABLE shipments ADD COLUMN desk TEXT;
      UPDATE shipments SET created_by = (SELECT username FROM clients WHERE clients.id = shipments.client_id);
      -- The shipment list still reads its index only, now with who made each shipment in it.
      DROP INDEX shipments_summaries;
      CREATE INDEX shipments_summaries ON shipments (
        client_id, sandbox, ship_date DESC, created_at DESC, id DESC, reference, status, scheduled,
        ship_from_name, ship_from_country, ship_to_name, ship_to_country, tracking_status, tracking_date, deleted_at, created_by
      ) WHERE deleted_at IS NULL;

      -- Reports per person: processed shipments per ship date, person, carrier and hour of processing, kept with
      -- each processing and void like shipment_days; a person's destinations come from the shipment list's
      -- covering index, which holds the ship date, state, destination and maker of every shipment.
      CREATE TABLE person_days (
        client_id INTEGER NOT NULL,
        sandbox INTEGER NOT NULL,
        ship_date TEXT NOT NULL,
        created_by TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        hour TEXT NOT NULL,
        shipments INTEGER NOT NULL,
        packages INTEGER NOT NULL,
        weight_g INTEGER NOT NULL,
        cost_cents INTEGER NOT NULL,
        PRIMARY KEY (client_id, sandbox, ship_date, created_by, carrier_code, hour)
      ) STRICT;
      DELETE FROM person_days;
  INSERT INTO person_days (client_id, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents)
  SELECT client_id, sandbox, ship_date, coalesce(created_by, ''), carrier_code, substr(coalesce(processed_at, ''), 1, 13),
    count(*), sum(json_array_length(attributes, '$.packages')), CAST(round(sum((SELECT coalesce(sum(CAST(json_extract(p.value, '$.weight.value') AS REAL)), 0) FROM json_each(attributes, '$.packages') p)) * 1000) AS INTEGER), coalesce(sum(final_cents), 0)
  FROM shipments WHERE status = 3 AND deleted_at IS NULL
  GROUP BY client_id, sandbox, ship_date, coalesce(created_by, ''), carrier_code, substr(coalesce(processed_at, ''), 1, 13);
    `,
  },
];

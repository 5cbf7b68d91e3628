import { sql, type Kysely } from 'kysely';

/**
 * The users list in SQL (docs/decisions/0028-users-list-in-sql.md). `account_list` keeps what
 * the list shows, sorts and searches as `account_no`: the account numbers the user sees, joined
 * with ", " in the list's order (a primary user all the company's accounts, anyone else the
 * company's accounts linked to them). Triggers on `users`, `user_accounts` and `accounts` keep
 * it, so nobody who writes them needs to know. Each order of the list has its index, both
 * directions (ties are by id ascending either way), starting with the company and carrying the
 * position and `search_text` (the searched fields lower-cased), so a page, a late page, a filter
 * or a search reads one company's index entries; `company_user_counts` keeps each company's
 * number of users by position, so the total costs a few rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN account_list text NOT NULL DEFAULT '';

    CREATE FUNCTION user_account_list(p_user_id integer, p_role smallint, p_company_id integer)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce(
        CASE WHEN p_role = 3 THEN
          (SELECT string_agg(a.account_no, ', ' ORDER BY a.account_no) FROM accounts a
            WHERE a.company_id = p_company_id)
        ELSE
          (SELECT string_agg(a.account_no, ', ' ORDER BY a.account_no)
            FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id
            WHERE ua.user_id = p_user_id AND a.company_id = p_company_id)
        END, '')
    $$;

    CREATE FUNCTION users_keep_account_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.account_list := user_account_list(NEW.id, NEW.role, NEW.company_id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER users_account_list BEFORE INSERT OR UPDATE OF role, company_id ON users
      FOR EACH ROW EXECUTE FUNCTION users_keep_account_list();

    CREATE FUNCTION refresh_user_account_lists(p_user_ids integer[]) RETURNS void LANGUAGE sql AS $$
      UPDATE users SET account_list = user_account_list(users.id, users.role, users.company_id)
      WHERE users.id = ANY (p_user_ids)
        AND users.account_list IS DISTINCT FROM user_account_list(users.id, users.role, users.company_id)
    $$;

    CREATE FUNCTION user_accounts_keep_account_list() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM refresh_user_account_lists(ARRAY(SELECT DISTINCT user_id FROM new_links));
      ELSE
        PERFORM refresh_user_account_lists(ARRAY(SELECT DISTINCT user_id FROM old_links));
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER user_accounts_insert_account_list AFTER INSERT ON user_accounts
      REFERENCING NEW TABLE AS new_links
      FOR EACH STATEMENT EXECUTE FUNCTION user_accounts_keep_account_list();
    CREATE TRIGGER user_accounts_delete_account_list AFTER DELETE ON user_accounts
      REFERENCING OLD TABLE AS old_links
      FOR EACH STATEMENT EXECUTE FUNCTION user_accounts_keep_account_list();

    -- An account's number or company changes the lists of its companies' primary users and of
    -- the users linked to it.
    CREATE FUNCTION accounts_keep_account_list() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_ids integer[];
      company_ids integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(id), array_agg(company_id) INTO changed_ids, company_ids FROM new_accounts;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(id), array_agg(company_id) INTO changed_ids, company_ids FROM old_accounts;
      ELSE
        SELECT array_agg(id), array_agg(company_id) INTO changed_ids, company_ids
        FROM (SELECT id, company_id FROM old_accounts UNION SELECT id, company_id FROM new_accounts) changed;
      END IF;
      PERFORM refresh_user_account_lists(ARRAY(
        SELECT users.id FROM users WHERE users.role = 3 AND users.company_id = ANY (company_ids)
        UNION
        SELECT ua.user_id FROM user_accounts ua WHERE ua.account_id = ANY (changed_ids)));
      RETURN NULL;
    END $$;
    CREATE TRIGGER accounts_insert_account_list AFTER INSERT ON accounts
      REFERENCING NEW TABLE AS new_accounts
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_keep_account_list();
    CREATE TRIGGER accounts_delete_account_list AFTER DELETE ON accounts
      REFERENCING OLD TABLE AS old_accounts
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_keep_account_list();
    CREATE TRIGGER accounts_update_account_list AFTER UPDATE ON accounts
      REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_keep_account_list();

    UPDATE users SET account_list = user_account_list(id, role, company_id);

    -- What the search reads, lower case, one field from the next apart by a character no field holds.
    ALTER TABLE users ADD COLUMN search_text text NOT NULL
      GENERATED ALWAYS AS (lower(name) || chr(31) || lower(email) || chr(31) || lower(account_list)) STORED;

    CREATE INDEX users_list_name_idx ON users (company_id, lower(name) COLLATE "C", id) INCLUDE (role, search_text);
    CREATE INDEX users_list_name_desc_idx ON users (company_id, lower(name) COLLATE "C" DESC, id)
      INCLUDE (role, search_text);
    CREATE INDEX users_list_email_idx ON users (company_id, lower(email) COLLATE "C", id) INCLUDE (role, search_text);
    CREATE INDEX users_list_email_desc_idx ON users (company_id, lower(email) COLLATE "C" DESC, id)
      INCLUDE (role, search_text);
    CREATE INDEX users_list_accounts_idx ON users (company_id, lower(account_list) COLLATE "C", id)
      INCLUDE (role, search_text);
    CREATE INDEX users_list_accounts_desc_idx ON users (company_id, lower(account_list) COLLATE "C" DESC, id)
      INCLUDE (role, search_text);
    CREATE INDEX users_list_role_idx ON users (company_id, role, id) INCLUDE (search_text);
    CREATE INDEX users_list_role_desc_idx ON users (company_id, role DESC, id) INCLUDE (search_text);
    -- A search among a large company's users reads the rows that hold the text (as migration
    -- 0018's). The company as bigint, an expression no other index has, so that a search joined
    -- on it can only be answered here: a prepared statement's plan cannot know a company's size.
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX users_search_idx ON users USING gin ((company_id::bigint), search_text gin_trgm_ops);

    -- How many users a company has in each position, so a page's total costs a few rows.
    CREATE TABLE company_user_counts (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      role smallint NOT NULL,
      users bigint NOT NULL,
      PRIMARY KEY (company_id, role)
    );
    CREATE FUNCTION count_company_users() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        -- Taken away without an insert: a company being deleted has no counter rows left to keep.
        UPDATE company_user_counts SET users = users - 1 WHERE company_id = OLD.company_id AND role = OLD.role;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO company_user_counts AS c (company_id, role, users) VALUES (NEW.company_id, NEW.role, 1)
        ON CONFLICT (company_id, role) DO UPDATE SET users = c.users + 1;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_counts AFTER INSERT OR DELETE OR UPDATE OF role, company_id ON users
      FOR EACH ROW EXECUTE FUNCTION count_company_users();
    INSERT INTO company_user_counts (company_id, role, users)
    SELECT company_id, role, count(*) FROM users GROUP BY 1, 2;

    DROP INDEX users_company_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX users_company_idx ON users (company_id);
    DROP INDEX users_search_idx, users_list_name_idx, users_list_name_desc_idx, users_list_email_idx, users_list_email_desc_idx,
      users_list_accounts_idx, users_list_accounts_desc_idx, users_list_role_idx, users_list_role_desc_idx;
    DROP TRIGGER accounts_insert_account_list ON accounts;
    DROP TRIGGER accounts_delete_account_list ON accounts;
    DROP TRIGGER accounts_update_account_list ON accounts;
    DROP TRIGGER user_accounts_insert_account_list ON user_accounts;
    DROP TRIGGER user_accounts_delete_account_list ON user_accounts;
    DROP TRIGGER users_account_list ON users;
    DROP TRIGGER users_counts ON users;
    DROP FUNCTION count_company_users();
    DROP TABLE company_user_counts;
    DROP FUNCTION accounts_keep_account_list(), user_accounts_keep_account_list(),
      refresh_user_account_lists(integer[]), users_keep_account_list(),
      user_account_list(integer, smallint, integer);
    ALTER TABLE users DROP COLUMN search_text, DROP COLUMN account_list;
  `.execute(db);
}

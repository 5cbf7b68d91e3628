WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN ((select "accounts"."id" from "accounts" where "accounts"."company_id" = $1))
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE visible.account_no = $2),
    sized AS MATERIALIZED (
      SELECT a.*, (SELECT coalesce(sum(c.shipments), 0) FROM shipment_counts c WHERE c.account_id = a.id)
        > 10000 AS is_large
      FROM a
    ),
    table_matches AS MATERIALIZED (
      SELECT texts.shipment_id AS id,
        (SELECT shipments.account_id FROM shipments WHERE shipments.id = texts.shipment_id) AS account_id
      FROM shipment_search_texts texts
      WHERE EXISTS (SELECT 1 FROM sized a WHERE a.is_large) AND (texts.search_text LIKE (SELECT '%' || lower($3) || '%'))
      LIMIT 5001
    ),
    matches AS MATERIALIZED (
      SELECT shipments.id, lower(coalesce(shipments.container_nos[1], '')) COLLATE "C" AS sort_key, a.account_no, (shipments.status = 'pending documents') AS "pending_docs", (shipments.path_to_7501 IS NOT NULL AND NOT shipments.reviewed_7501) AS "7501_to_review", (shipments.cbp_hold) AS "under_exam", (upper(btrim(shipments.fda_status)) NOT IN ('', 'MAY PROCEED')) AS "fda_exam", (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AS "shipments_without_do", (shipments.path_to_7501 IS NULL AND shipments.status <> 'released') AS "before_summary"
      FROM sized a CROSS JOIN LATERAL (
      SELECT shipments.id FROM shipments
      WHERE shipments.account_id = a.id AND (strpos(shipments.search_text, (SELECT lower($4))) > 0) OFFSET 0
    ) AS found JOIN shipments ON shipments.id = found.id
      WHERE NOT a.is_large AND (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AND (strpos(shipments.search_text, (SELECT lower($5))) > 0)
      UNION ALL
      SELECT shipments.id, lower(coalesce(shipments.container_nos[1], '')) COLLATE "C" AS sort_key, a.account_no, (shipments.status = 'pending documents') AS "pending_docs", (shipments.path_to_7501 IS NOT NULL AND NOT shipments.reviewed_7501) AS "7501_to_review", (shipments.cbp_hold) AS "under_exam", (upper(btrim(shipments.fda_status)) NOT IN ('', 'MAY PROCEED')) AS "fda_exam", (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AS "shipments_without_do", (shipments.path_to_7501 IS NULL AND shipments.status <> 'released') AS "before_summary"
      FROM sized a JOIN table_matches found ON found.account_id = a.id JOIN shipments ON shipments.id = found.id
      WHERE a.is_large AND (SELECT count(*) FROM table_matches) <= 5000 AND (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AND (shipments.search_text LIKE (SELECT '%' || lower($6) || '%'))
      UNION ALL
      SELECT shipments.id, lower(coalesce(shipments.container_nos[1], '')) COLLATE "C" AS sort_key, a.account_no, (shipments.status = 'pending documents') AS "pending_docs", (shipments.path_to_7501 IS NOT NULL AND NOT shipments.reviewed_7501) AS "7501_to_review", (shipments.cbp_hold) AS "under_exam", (upper(btrim(shipments.fda_status)) NOT IN ('', 'MAY PROCEED')) AS "fda_exam", (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AS "shipments_without_do", (shipments.path_to_7501 IS NULL AND shipments.status <> 'released') AS "before_summary"
      FROM sized a CROSS JOIN LATERAL (
      SELECT shipments.id FROM shipments
      WHERE shipments.account_id = a.id AND (strpos(shipments.search_text, (SELECT lower($7))) > 0) OFFSET 0
    ) AS found JOIN shipments ON shipments.id = found.id
      WHERE a.is_large AND NOT (SELECT count(*) FROM table_matches) <= 5000 AND (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AND (strpos(shipments.search_text, (SELECT lower($8))) > 0)
    ),
    page AS MATERIALIZED (
      SELECT matches.id, matches.sort_key, matches.account_no,
        json_build_array(matches.sort_key, matches.id)::text AS cursor
      FROM matches
      ORDER BY matches.sort_key ASC NULLS LAST, matches.id ASC
      LIMIT $9 OFFSET $10
    ),
    t AS MATERIALIZED (SELECT (SELECT count(*) FROM matches) AS total)
      SELECT json_build_object(
        'data', (
    SELECT coalesce(json_agg(json_build_object(
      'id', shipments.id,
      'file_number', shipments.file_number,
      'account_no', page.account_no,
      'master_bill_lading', shipments.master_bills,
      'house_bill_lading', shipments.house_bills,
      'containers', shipments.container_nos,
      'customer_reference_no', shipments.customer_reference_no,
      -- DATE_TIME_TEXT_FORMAT, or UNKNOWN_DATE_TIME.
      'est_time_arrive', coalesce(to_char(shipments.est_time_arrive, 'YYYY-MM-DD HH24:MI:SS'), '0000-00-00 00:00:00'),
      'fda_review', shipments.fda_status,
      'status', shipments.status,
      'documents_submitted', shipments.required_documents,
      'next_free_day', shipments.next_free_day,
      'next_free_day_kind', shipments.next_free_day_kind
    ) ORDER BY page.sort_key ASC NULLS LAST, page.id ASC), '[]')
    FROM page JOIN shipments ON shipments.id = page.id
  ),
        'pagination', json_build_object(
          'total', t.total,
          'last_page', greatest(1, (t.total + $11::int - 1) / $12::int),
          'current_page', $13::int,
          'per_page', $14::int,
          'cursors', json_build_object('before', (SELECT page.cursor FROM page
           ORDER BY page.sort_key ASC NULLS LAST, page.id ASC LIMIT 1), 'after', (SELECT page.cursor FROM page
           ORDER BY page.sort_key DESC NULLS FIRST, page.id DESC LIMIT 1))
        )
      )::text AS body
      FROM t

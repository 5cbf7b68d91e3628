WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN ((select "accounts"."id" from "accounts" where "accounts"."company_id" = $1))
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE true),
    page AS MATERIALIZED (
      SELECT top.id, top.sort_key AS sort_key, a.account_no, json_build_array(to_char(top.sort_key, 'YYYY-MM-DD HH24:MI:SS.US'), top.id)::text AS cursor
      FROM a CROSS JOIN LATERAL (SELECT shipments.id, shipments.est_time_arrive AS sort_key FROM shipments
          WHERE shipments.account_id = a.id AND true
          ORDER BY shipments.est_time_arrive DESC NULLS LAST, shipments.id DESC LIMIT $2) AS top
      ORDER BY sort_key DESC NULLS LAST, top.id DESC
      LIMIT $3 OFFSET $4
    )
      SELECT json_build_object(
        'pending_docs', (SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE (c.status = 'pending documents')), '7501_to_review', (SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE (c.review_7501)), 'under_exam', (SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE (c.cbp_hold)), 'fda_exam', (SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE (c.fda_hold)), 'shipments_without_do', (SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE (c.without_do)), 'before_summary', (SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE (c.before_summary)),
        'awaiting_approval', CASE WHEN (SELECT entry_approval FROM companies WHERE id = $5) <> 'none' THEN (
        SELECT json_build_object('count', count(*), 'duty_cents', coalesce(sum(shipments.entry_duty_cents), 0))
        FROM a JOIN shipments ON shipments.account_id = a.id
        WHERE (shipments.path_to_7501 IS NOT NULL
    AND NOT shipments.reviewed_7501 AND shipments.entry_duty_cents IS NOT NULL
    AND shipments.entry_decided_7501 IS DISTINCT FROM shipments.path_to_7501
    AND shipments.entry_duty_cents > (
      SELECT CASE rule.entry_approval WHEN 'all' THEN -1 WHEN 'above' THEN rule.entry_approval_threshold_cents END
      FROM companies rule WHERE rule.id = $6
    ))
      ) END,
        'possible_charges', (SELECT coalesce(sum(d.shipments), 0)::bigint FROM a JOIN shipment_free_days d ON d.account_id = a.id
              WHERE d.next_free_day <= (
      SELECT (cast($7 AS timestamptz) AT TIME ZONE zone.time_zone)::date + 3
      FROM companies zone WHERE zone.id = $8
    )),
        'accounts', coalesce(
          (SELECT string_agg(visible.account_no, ',' ORDER BY visible.account_no COLLATE "C") FROM visible), ''),
        'data', items.list,
        'result', items.list
      )::text AS body
      FROM (SELECT (
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
    ) ORDER BY page.sort_key DESC NULLS LAST, page.id DESC), '[]')
    FROM page JOIN shipments ON shipments.id = page.id
  ) AS list) AS items

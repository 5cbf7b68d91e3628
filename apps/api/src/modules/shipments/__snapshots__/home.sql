WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN ((select "accounts"."id" from "accounts" where "accounts"."company_id" = $1))
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE true),
    page AS (
      SELECT top.id, top.sort_key AS sort_key, a.account_no
      FROM a CROSS JOIN LATERAL (SELECT shipments.id, shipments.est_time_arrive AS sort_key FROM shipments
            WHERE shipments.account_id = a.id AND true
            ORDER BY shipments.est_time_arrive DESC NULLS LAST, shipments.id DESC LIMIT $2) AS top
      ORDER BY sort_key DESC NULLS LAST, top.id DESC
      LIMIT $3 OFFSET $4
    )
      SELECT t.*, r.id, r.file_number, r.account_no, r.master_bill_lading, r.house_bill_lading, r.containers, r.customer_reference_no, r.est_time_arrive, r.fda_review, r.status, r.documents_submitted FROM (
        SELECT (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (shipments.status = 'pending documents')) AS "pending_docs", (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (shipments.path_to_7501 IS NOT NULL AND NOT shipments.reviewed_7501)) AS "7501_to_review", (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (shipments.status IN ('CBP INTENSIVE EXAM', 'CBP VACIS EXAM', 'CBP DOCS REVIEW HOLD', 'CBP VAX EXAM'))) AS "under_exam", (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (upper(btrim(shipments.fda_review)) NOT IN ('', 'MAY PROCEED'))) AS "fda_exam", (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated'))) AS "shipments_without_do", (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (shipments.path_to_7501 IS NULL AND shipments.status <> 'released')) AS "before_summary",
          (SELECT string_agg(visible.account_no, ',' ORDER BY visible.account_no COLLATE "C") FROM visible) AS accounts
      ) AS t
    LEFT JOIN LATERAL (
      SELECT page.id, page.sort_key, shipments.file_number, page.account_no,
        shipments.master_bills AS master_bill_lading, shipments.house_bills AS house_bill_lading,
        shipments.container_nos AS containers, shipments.customer_reference_no,
        -- DATE_TIME_TEXT_FORMAT, or UNKNOWN_DATE_TIME.
        coalesce(to_char(shipments.est_time_arrive, 'YYYY-MM-DD HH24:MI:SS'), '0000-00-00 00:00:00') AS est_time_arrive,
        shipments.fda_review, shipments.status,
        (
          SELECT coalesce(json_agg(json_build_object('type', d.type, 'submitted', d.submitted) ORDER BY d.id), '[]')
          FROM document_types d WHERE d.shipment_id = page.id AND d.required
        ) AS documents_submitted
      FROM page JOIN shipments ON shipments.id = page.id
    ) AS r ON true
    ORDER BY r.sort_key DESC NULLS LAST, r.id DESC

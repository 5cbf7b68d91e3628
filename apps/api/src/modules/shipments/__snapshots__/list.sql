WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN ((select "accounts"."id" from "accounts" where "accounts"."company_id" = $1))
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE visible.account_no = $2),
    page AS (
      SELECT top.id, top.sort_key AS sort_key, a.account_no
      FROM a CROSS JOIN LATERAL (SELECT shipments.id, lower(coalesce(shipments.container_nos[1], '')) COLLATE "C" AS sort_key FROM shipments
            WHERE shipments.account_id = a.id AND (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AND (shipments.search_text LIKE (SELECT '%' || lower($3) || '%'))
            ORDER BY lower(coalesce(shipments.container_nos[1], '')) COLLATE "C" ASC NULLS LAST, shipments.id ASC LIMIT $4) AS top
      ORDER BY sort_key ASC NULLS LAST, top.id ASC
      LIMIT $5 OFFSET $6
    )
      SELECT t.total, r.id, r.file_number, r.account_no, r.master_bill_lading, r.house_bill_lading, r.containers, r.customer_reference_no, r.est_time_arrive, r.fda_review, r.status, r.documents_submitted FROM (SELECT (SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE (NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN ('released', 'liquidated')) AND (shipments.search_text LIKE (SELECT '%' || lower($7) || '%'))) AS total) AS t
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
    ORDER BY r.sort_key ASC NULLS LAST, r.id ASC

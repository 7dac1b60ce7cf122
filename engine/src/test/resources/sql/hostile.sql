@@ expect: modifies
INSERT INTO prices VALUES ('EVIL', DATE '2000-01-03', 1, 1, 1, 1, 1, 1, 'x')
@@ expect: modifies
UPDATE prices SET close = 0
@@ expect: modifies
UPDATE prices SET close = 0 RETURNING *
@@ expect: modifies
DELETE FROM prices
@@ expect: modifies
DROP TABLE prices
@@ expect: modifies
CREATE TABLE stolen AS SELECT 1 AS a
@@ expect: modifies
ALTER TABLE prices ADD COLUMN evil INTEGER
@@ expect: modifies
TRUNCATE prices
@@ expect: modifies
INSERT INTO prices SELECT * FROM read_csv('/etc/passwd')
@@ expect: modifies
WITH d AS (DELETE FROM prices RETURNING *) SELECT * FROM d
@@ expect: modifies
WITH i AS (INSERT INTO symbols(symbol) VALUES ('EVIL') RETURNING *) SELECT * FROM i
@@ expect: modifies
SELECT 1; DROP TABLE prices
@@ expect: modifies
SELECT 1 /* harmless */; DELETE FROM prices -- trailing
@@ expect: modifies
/* SELECT * FROM prices */ DELETE FROM prices
@@ expect: modifies
-- SELECT * FROM prices
DROP TABLE symbols
@@ expect: modifies
CHECKPOINT
@@ expect: one statement
SELECT 1; SELECT 2
@@ expect: one statement
SELECT * FROM prices; SELECT * FROM symbols;
@@ expect: host files
COPY prices TO '${tmp}/out.csv'
@@ expect: host files
COPY (SELECT * FROM prices) TO '${tmp}/out.parquet' (FORMAT parquet)
@@ expect: host files
EXPORT DATABASE '${tmp}/export'
@@ expect: host files
IMPORT DATABASE '${tmp}/export'
@@ expect: databases
ATTACH '${tmp}/other.duckdb' AS other
@@ expect: databases
DETACH other
@@ expect: extensions
INSTALL httpfs
@@ expect: extensions
LOAD httpfs
@@ expect: settings
SET enable_external_access = true
@@ expect: settings
RESET memory_limit
@@ expect: settings
SET VARIABLE secret = 1
@@ expect: PRAGMA
PRAGMA database_list
@@ expect: procedure
CALL pragma_version()
@@ expect: transactions
BEGIN TRANSACTION
@@ expect: EXPLAIN
EXPLAIN SELECT * FROM prices
@@ expect: EXPLAIN
EXPLAIN ANALYZE SELECT * FROM prices
@@ expect: PIVOT
PIVOT prices ON symbol USING avg(close) GROUP BY date
@@ expect: host files
SELECT * FROM read_csv('/etc/passwd')
@@ expect: host files
SELECT * FROM read_csv_auto('${tmp}/x.csv')
@@ expect: host files
SELECT * FROM read_text('/etc/passwd')
@@ expect: host files
SELECT * FROM read_blob('/etc/passwd')
@@ expect: host files
SELECT * FROM read_json('/etc/passwd')
@@ expect: host files
SELECT * FROM read_parquet('${tmp}/*.parquet')
@@ expect: host files
SELECT * FROM read_csv(['/etc/passwd', '/etc/hosts'])
@@ expect: host files
SELECT * FROM glob('/etc/*')
@@ expect: host files
SELECT * FROM parquet_metadata('${tmp}/x.parquet')
@@ expect: host files
SELECT * FROM generate_series(1, 2), sniff_csv('/etc/passwd')
@@ expect: names a file
SELECT * FROM '/etc/passwd'
@@ expect: names a file
SELECT * FROM 'prices.csv'
@@ expect: names a file
SELECT * FROM "/etc/passwd"
@@ expect: names a file
SELECT * FROM prices WHERE EXISTS (FROM '${tmp}/x.csv')
@@ expect: host files
SELECT * FROM prices p JOIN read_csv('/etc/passwd') r ON true
@@ expect: host files
SELECT * FROM prices, LATERAL (SELECT * FROM read_text('/etc/hostname')) t
@@ expect: host files
SELECT (SELECT content FROM read_text('/etc/passwd'))
@@ expect: host files
SELECT * FROM prices WHERE symbol IN (SELECT column0 FROM read_csv('/etc/passwd'))
@@ expect: host files
SELECT * FROM prices WHERE 1 = 1 UNION ALL SELECT * FROM read_csv('/etc/passwd')
@@ expect: host files
SELECT "READ_CSV"('/etc/passwd')
@@ expect: host files
SELECT * FROM "Read_Text"('/etc/passwd')
@@ expect: host files
SELECT * FROM ReAd_TeXt('/etc/passwd')
@@ expect: host files
SELECT * FROM main.read_csv('/etc/passwd')
@@ expect: host files
SELECT * FROM system.main.read_text('/etc/passwd')
@@ expect: qualified
SELECT * FROM pg_catalog.read_text('/etc/passwd')
@@ expect: host files
WITH read_csv AS (SELECT 1 AS a) SELECT * FROM read_csv('/etc/passwd')
@@ expect: host files
SELECT * FROM prices AS "read_csv" JOIN read_ndjson('/etc/passwd') ON true
@@ expect: names a file
SELECT * FROM (WITH "x.csv" AS (SELECT 1 AS a) SELECT a FROM "x.csv") t, "x.csv"
@@ expect: names a file
WITH a AS (SELECT * FROM "b.csv"), "b.csv" AS (SELECT 1 AS x) SELECT * FROM a
@@ expect: host files
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r, read_text('/etc/passwd') WHERE n < 3) SELECT * FROM r
@@ expect: host files
SELECT COLUMNS(c -> c IN (SELECT content FROM read_text('/etc/passwd'))) FROM prices
@@ expect: host files
SELECT list_transform([1], x -> (SELECT content FROM read_text('/etc/passwd')))
@@ expect: host files
SELECT * FROM read_text('/etc/passwd') PIVOT (max(size) FOR filename IN ('a'))
@@ expect: host files
SELECT * FROM range(10) r, read_text('/etc/passwd')
@@ expect: table function
SELECT * FROM reаd_csv('/etc/passwd')
@@ expect: table function
SELECT * FROM repeat_row(1, num_rows => 1000000000)
@@ expect: settings
SELECT getenv('HOME')
@@ expect: settings
SELECT main.getenv('HOME')
@@ expect: settings
SELECT current_setting('home_directory')
@@ expect: settings
SELECT "current_setting"('temp_directory')
@@ expect: settings
SELECT * FROM duckdb_settings()
@@ expect: settings
SELECT * FROM system.main.duckdb_settings()
@@ expect: settings
SELECT * FROM duckdb_databases()
@@ expect: settings
SELECT * FROM duckdb_extensions()
@@ expect: settings
SELECT * FROM duckdb_databases
@@ expect: settings
SELECT * FROM pragma_database_list
@@ expect: settings
SELECT * FROM pragma_table_info('prices')
@@ expect: settings
SELECT * FROM which_secret('s3://bucket/x', 's3')
@@ expect: outside the store
SELECT * FROM information_schema.tables
@@ expect: outside the store
SELECT * FROM system.main.duckdb_tables
@@ expect: outside the store
SELECT * FROM pg_catalog.pg_settings
@@ expect: outside the store
SELECT * FROM temp.main.prices
@@ expect: unknown table
SELECT * FROM sqlite_master
@@ expect: DESCRIBE
DESCRIBE databases
@@ expect: SHOW
SHOW databases
@@ expect: SHOW
SHOW TABLES
@@ expect: nested SQL
SELECT * FROM query('SELECT * FROM read_text(''/etc/passwd'')')
@@ expect: nested SQL
SELECT * FROM query_table('prices')
@@ expect: nested SQL
SELECT json_serialize_plan('SELECT 1')
@@ expect: nested SQL
SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))
@@ expect: changes database state
SELECT nextval('seq')
@@ expect: changes database state
SELECT setseed(0.5)
@@ expect: changes database state
SELECT write_log('evil')
@@ expect: changes database state
SELECT * FROM checkpoint()
@@ expect: parameters
SELECT * FROM prices WHERE symbol = $1
@@ expect: parse
SELECT 1；DROP TABLE prices
@@ expect: parse
SELECT * FROM prices) AS q; DROP TABLE prices; SELECT * FROM (SELECT 1
@@ expect: no statement
-- only a comment
@@ expect: settings
SELECT pg_get_viewdef(1)
@@ expect: settings
SELECT format_type(23, NULL)
@@ expect: settings
SUMMARIZE SELECT * FROM duckdb_settings()
@@ expect: settings
SELECT get_block_size('t')
@@ expect: unknown table
DESCRIBE pg_settings
@@ expect: names a file
WITH "x.csv" AS (SELECT * FROM "x.csv") SELECT * FROM "x.csv"
@@ expect: names a file
WITH prices AS (SELECT * FROM '${tmp}/prices.csv') SELECT * FROM prices
@@ expect: host files
SELECT * FROM unnest((SELECT list(content) FROM read_text('/etc/passwd')))
@@ expect: host files
SELECT * FROM prices AT (VERSION => (SELECT 1 FROM read_text('/etc/passwd')))
@@ expect: outside the store
SELECT * FROM prices.csv
@@ expect: host files
SELECT * FROM read_csv
@@ expect: settings
SELECT * FROM prices WHERE symbol = getenv('USER')
@@ expect: settings
SELECT * FROM duckdb_secrets()
@@ expect: host files
VALUES ((SELECT content FROM read_text('/etc/passwd')))
@@ expect: host files
SELECT * FROM range(3) t(x) JOIN LATERAL (SELECT * FROM read_blob('/etc/passwd')) b ON true
@@ expect: host files
SELECT * FROM prices WHERE symbol IN (FROM read_text('/etc/passwd')) USING SAMPLE 10 PERCENT (bernoulli)
@@ expect: parameters
SELECT * FROM prices WHERE symbol = $name
@@ expect: host files
SELECT * FROM prices WINDOW w AS (PARTITION BY (SELECT content FROM read_text('/etc/passwd'))) QUALIFY row_number() OVER w = 1
@@ expect: host files
SELECT symbol FROM prices GROUP BY symbol HAVING max(close) > (SELECT count(*) FROM read_csv('/etc/passwd'))
@@ expect: host files
SELECT * FROM prices ORDER BY (SELECT count(*) FROM read_text('/etc/passwd'))
@@ expect: host files
SELECT * FROM prices LIMIT (SELECT count(*) FROM read_text('/etc/passwd'))

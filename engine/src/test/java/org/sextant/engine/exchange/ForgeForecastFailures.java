package org.sextant.engine.exchange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * Writes a forged forecast job output of N error rows of 600 characters each (scan or backtest columns, as the job types
 * them), to measure what import-job holds of an output that is all errors (docs/scale-out.md, "What one import reads").
 * Run as a single file: {@code java -cp duckdb_jdbc.jar ForgeForecastFailures.java scan|backtest DIR N}.
 */
public final class ForgeForecastFailures {
    private ForgeForecastFailures() {}

    public static void main(String[] args) throws Exception {
        boolean scan = args[0].equals("scan");
        Path dir = Path.of(args[1]);
        long n = Long.parseLong(args[2]);
        Files.createDirectories(dir);
        String error = "repeat(md5(i::VARCHAR), 18) || lpad(i::VARCHAR, 24, '0')"; // 600 characters, each row's own
        String common = "'S' || lpad(i::VARCHAR, 8, '0') AS symbol, 'theta' AS model, 20::INTEGER AS horizon, ";
        String select = scan
                ? common + "'conformal' AS calibration, 250::INTEGER AS min_history, NULL::VARCHAR AS as_of, 10::INTEGER AS history_rows,"
                + " NULL::VARCHAR AS origin, 'min_history' AS error_field, " + error + " AS error, NULL::VARCHAR AS row_json, NULL::VARCHAR AS forecast_json"
                : common + "'monthly' AS origins_rule, 10::INTEGER AS history_rows, NULL::VARCHAR AS closes_digest, NULL::VARCHAR AS closes_from,"
                + " NULL::VARCHAR AS closes_to, NULL::VARCHAR AS oos_start, NULL::INTEGER AS origins, NULL::DOUBLE AS male, 'symbols' AS error_field, "
                + error + " AS error, NULL::VARCHAR AS result_json, NULL::VARCHAR AS forecasts_json";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT " + select + " FROM range(" + n + ") t(i)) TO '" + dir.resolve("part-00000.parquet") + "' (FORMAT PARQUET)");
        }
        Files.writeString(dir.resolve("_SUCCESS"), "");
        System.out.println(dir + ": " + n + " " + (scan ? "scan" : "backtest") + " error rows, " + Files.size(dir.resolve("part-00000.parquet")) + " bytes");
    }
}

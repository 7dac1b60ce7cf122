package org.sextant.engine.analogue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Imports a user signal (VIX, a credit spread, …) from a CSV of {@code date,value} rows with its
 * definition, marked live or backfill, in one transaction: a bad file changes nothing, and a
 * re-import replaces the signal's definition and values.
 */
public final class UserSignalImport {
    public static final String LIVE = "live";
    public static final String BACKFILL = "backfill";

    private UserSignalImport() {}

    /** Returns the number of values imported. */
    public static int importCsv(Store store, Path csv, SignalDefinition definition, String provenance) {
        String prov = provenance == null ? "" : provenance.trim().toLowerCase(Locale.ROOT);
        if (!prov.equals(LIVE) && !prov.equals(BACKFILL)) {
            throw SextantException.invalid("provenance", "provenance must be live or backfill (got '" + provenance + "')",
                    "pass live for values observed on their dates, backfill for values reconstructed later");
        }
        if (SignalRegistry.builtin().has(definition.name())) {
            throw SextantException.invalid("name", "'" + definition.name() + "' is a builtin signal", "choose another name, e.g. vix_close");
        }
        List<String> lines = new ArrayList<>();
        // strict UTF-8 as Files.readAllLines; no further than the file was when opened (a system file streams without end)
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                org.sextant.engine.ingest.SizeAtOpen.open(csv), StandardCharsets.UTF_8.newDecoder()))) {
            for (String line; (line = in.readLine()) != null; ) lines.add(line);
        } catch (org.sextant.engine.ingest.SizeAtOpen.Grew grew) {
            throw grew.refusal(csv.toString(), "path");
        } catch (IOException e) {
            throw SextantException.invalid("path", "cannot read " + csv + ": " + e.getMessage(), "give a readable CSV file");
        }
        List<LocalDate> dates = new ArrayList<>();
        List<String> raw = new ArrayList<>();
        List<Integer> lineOf = new ArrayList<>(); // each data row's line in the file (0-based), for the errors
        Set<LocalDate> seen = new HashSet<>();
        boolean first = true;
        for (int ln = 0; ln < lines.size(); ln++) {
            String line = lines.get(ln).strip();
            if (line.isEmpty()) continue;
            boolean header = first;
            first = false;
            String[] f = line.split(",", -1);
            if (f.length < 2) throw bad(csv, ln, "expected date,value");
            String ds = unquote(f[0]);
            LocalDate d;
            try {
                d = LocalDate.parse(ds);
            } catch (DateTimeParseException e) {
                if (header) continue; // only the first line may be a header
                throw bad(csv, ln, org.sextant.engine.ingest.CellText.describe(ds) + " is not an ISO date");
            }
            if (!seen.add(d)) throw bad(csv, ln, "date " + d + " appears twice");
            dates.add(d);
            raw.add(unquote(f[1]));
            lineOf.add(ln);
        }
        if (dates.isEmpty()) throw SextantException.invalid("path", csv + " has no data rows", "give a CSV with a date,value header and one row per date");
        double[] values = new double[raw.size()];
        for (int i = 0; i < raw.size(); i++) {
            String v = raw.get(i);
            if (v.isEmpty() || v.equalsIgnoreCase("NA")) {
                values[i] = Double.NaN;
            } else if (definition.numeric()) {
                try {
                    values[i] = Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    throw bad(csv, lineOf.get(i), org.sextant.engine.ingest.CellText.describe(v) + " is not a number (row dated " + dates.get(i) + ")");
                }
                if (Double.isInfinite(values[i])) {
                    throw bad(csv, lineOf.get(i), org.sextant.engine.ingest.CellText.describe(v) + " " + org.sextant.engine.ingest.CellText.OUT_OF_RANGE
                            + " (row dated " + dates.get(i) + ")");
                }
                if (!Double.isNaN(values[i]) && !SignalDefinition.inRange(values[i])) {
                    throw bad(csv, lineOf.get(i), org.sextant.engine.ingest.CellText.describe(v) + " is out of range: a signal value must be within ±"
                            + SignalDefinition.MAX_MAGNITUDE + " (row dated " + dates.get(i) + ")");
                }
            } else if (definition.levelOf(v) < 0) {
                throw bad(csv, lineOf.get(i), org.sextant.engine.ingest.CellText.describe(v) + " is not one of the levels " + definition.levels() + " (row dated " + dates.get(i) + ")");
            }
        }
        return store.inTransactionBesidePrices(c -> {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM signal_values WHERE name = ?")) {
                p.setString(1, definition.name());
                p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("DELETE FROM signal_definitions WHERE name = ?")) {
                p.setString(1, definition.name());
                p.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO signal_definitions(name, kind, bins, levels, default_trust, description, max_fill_days) VALUES (?,?,?,?,?,?,?)")) {
                p.setString(1, definition.name());
                p.setString(2, definition.kind().wire());
                p.setString(3, Json.MAPPER.writeValueAsString(definition.bins()));
                p.setString(4, Json.MAPPER.writeValueAsString(definition.levels()));
                p.setDouble(5, definition.defaultTrust());
                p.setString(6, definition.description());
                p.setInt(7, definition.maxFillDays());
                p.executeUpdate();
            }
            // DuckDB's appender, in the transaction: a JDBC batch runs one insert per row (about 1 ms each)
            try (org.duckdb.DuckDBAppender a = c.unwrap(org.duckdb.DuckDBConnection.class).createAppender("signal_values")) {
                for (int i = 0; i < dates.size(); i++) {
                    a.beginRow().append(definition.name()).append(dates.get(i));
                    if (definition.numeric() && !Double.isNaN(values[i])) a.append(values[i]);
                    else a.appendNull();
                    String label = definition.numeric() || raw.get(i).isEmpty() ? null : definition.levels().get(definition.levelOf(raw.get(i)));
                    if (label != null) a.append(label);
                    else a.appendNull();
                    a.append(prov).endRow();
                }
            }
            return dates.size();
        });
    }

    private static SextantException bad(Path csv, int line, String what) {
        return SextantException.invalid("path", csv.getFileName() + " line " + (line + 1) + ": " + what, "fix the file; nothing was imported");
    }

    private static String unquote(String s) {
        String t = s.strip();
        return t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }

    static List<Double> doubles(String json) {
        if (json == null || json.isBlank()) return List.of();
        return List.of(Json.MAPPER.readValue(json, Double[].class));
    }

    static List<String> strings(String json) {
        if (json == null || json.isBlank()) return List.of();
        return List.of(Json.MAPPER.readValue(json, String[].class));
    }
}

package org.sextant.engine.research;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.time.LocalDate;
import java.sql.Date;
import java.sql.PreparedStatement;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

/** Reads the small CSV fixtures under src/test/resources/research (see README.md there). */
public final class ResearchData {
    private ResearchData() {}

    /** Columns by header name; empty cells become NaN; non-numeric columns (dates) are skipped. */
    public static Map<String, double[]> columns(String resource) {
        try (InputStream in = ResearchData.class.getResourceAsStream("/research/" + resource)) {
            if (in == null) throw new IllegalStateException("missing test resource research/" + resource);
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String[] header = split(r.readLine());
            List<String[]> rows = new ArrayList<>();
            for (String line; (line = r.readLine()) != null; ) if (!line.isBlank()) rows.add(split(line));
            Map<String, double[]> out = new LinkedHashMap<>();
            for (int c = 0; c < header.length; c++) {
                if (header[c].equals("date")) continue;
                double[] v = new double[rows.size()];
                for (int i = 0; i < v.length; i++) {
                    String cell = c < rows.get(i).length ? rows.get(i)[c] : "";
                    v[i] = cell.isEmpty() || cell.equals("NA") ? Double.NaN : Double.parseDouble(cell);
                }
                out.put(header[c], v);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The 30 Dow Jones stocks, closes only, skipping the first row (it repeats the second), over
     * the first {@code bars} dates and the first {@code assets} symbols.
     */
    public static Universe dowJones(int assets, int bars) {
        try (InputStream in = ResearchData.class.getResourceAsStream("/research/dowjones30_daily_close.csv")) {
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String[] header = split(r.readLine());
            r.readLine();
            List<LocalDate> dates = new ArrayList<>();
            List<String[]> rows = new ArrayList<>();
            for (String line; (line = r.readLine()) != null && rows.size() < bars; ) {
                if (line.isBlank()) continue;
                String[] cells = split(line);
                dates.add(LocalDate.parse(cells[0]));
                rows.add(cells);
            }
            int k = Math.min(assets, header.length - 1);
            double[][] close = new double[k][rows.size()];
            for (int a = 0; a < k; a++) for (int t = 0; t < rows.size(); t++) close[a][t] = Double.parseDouble(rows.get(t)[a + 1]);
            return Universe.ofCloses(List.of(header).subList(1, k + 1), dates, close);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes {@link #dowJones}'s closes into the prices table of {@code store} (source
     * fBasics::DowJones30), leaving out the (asset, bar) pairs {@code left} names.
     */
    public static void insertDowJones(Store store, int assets, int bars, java.util.function.BiPredicate<Integer, Integer> left) {
        Universe dow = dowJones(assets, bars);
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES (?, ?, ?, 'fBasics::DowJones30')")) {
                for (int a = 0; a < dow.assets(); a++) {
                    for (int t = 0; t < dow.bars(); t++) {
                        if (left.test(a, t)) continue;
                        p.setString(1, dow.symbols().get(a));
                        p.setDate(2, Date.valueOf(dow.dates().get(t)));
                        p.setDouble(3, dow.close()[a][t]);
                        p.addBatch();
                    }
                }
                p.executeBatch();
            }
            return null;
        });
    }

    private static String[] split(String line) {
        String[] cells = line.split(",", -1);
        for (int i = 0; i < cells.length; i++) cells[i] = cells[i].replace("\"", "").trim();
        return cells;
    }
}

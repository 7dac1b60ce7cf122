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

    private static String[] split(String line) {
        String[] cells = line.split(",", -1);
        for (int i = 0; i < cells.length; i++) cells[i] = cells[i].replace("\"", "").trim();
        return cells;
    }
}

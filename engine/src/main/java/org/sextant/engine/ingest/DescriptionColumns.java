package org.sextant.engine.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The optional {@code name}, {@code currency} and {@code exchange} columns of a price file (matched as other headers are:
 * without case, spaces, {@code _}, {@code <>}): what its symbols are, as the Data view's naming stores it. A wide file has
 * none, as there every column is a symbol's closes.
 *
 * @param columns each given field's column index, in the order name, currency, exchange
 */
record DescriptionColumns(Map<String, Integer> columns) {
    static final List<String> FIELDS = List.of("name", "currency", "exchange");

    /** The description columns of a daily file's layout (none for a wide one). */
    static DescriptionColumns of(Layout l, String file) {
        return of(l, file, 1);
    }

    /** As above, the header on {@code headerLine} (2 below Excel's "sep=;" line), which a refusal names. */
    static DescriptionColumns of(Layout l, String file, int headerLine) {
        if (l.wide()) return new DescriptionColumns(Map.of());
        return of(l.header(), file, headerLine, i -> i == l.dateCol() || i == l.symbolCol() || l.fields().containsValue(i));
    }

    /** The description columns of a bar file (none for a wide one or one of one value column). */
    static DescriptionColumns of(BarFile bar) {
        if (!bar.wideCols().isEmpty() || bar.valueSymbol() != null) return new DescriptionColumns(Map.of());
        return of(bar.header(), bar.file(), bar.above() + 1, i -> bar.time().cols().contains(i) || i == bar.symbolCol() || bar.fields().containsValue(i));
    }

    /** The columns of {@code header} named as a description field, but those {@code taken} by a date, symbol or price; a field twice is refused. */
    static DescriptionColumns of(List<String> header, String file, int headerLine, IntPredicate taken) {
        Map<String, Integer> found = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String n = PriceField.normalize(header.get(i));
            if (!FIELDS.contains(n) || taken.test(i)) continue;
            Integer j = found.putIfAbsent(n, i);
            if (j != null) throw PriceField.twice(header, file, headerLine, j, i, n);
        }
        Map<String, Integer> ordered = new LinkedHashMap<>();
        for (String f : FIELDS) if (found.containsKey(f)) ordered.put(f, found.get(f));
        return new DescriptionColumns(ordered);
    }

    boolean any() {
        return !columns.isEmpty();
    }

    /** "name column", "name and currency columns", "name, currency and exchange columns". */
    String named() {
        List<String> f = new ArrayList<>(columns.keySet());
        String list = f.size() == 1 ? f.get(0) : String.join(", ", f.subList(0, f.size() - 1)) + " and " + f.get(f.size() - 1);
        return list + (f.size() == 1 ? " column" : " columns");
    }

    /**
     * What a bar file's report says of its description columns (nothing when it has none): not kept, as only a daily
     * import stores them; how to name the symbols.
     */
    static List<String> notKeptFromBars(BarFile bar, List<String> symbols) {
        DescriptionColumns d = of(bar);
        if (!d.any() || symbols.isEmpty()) return List.of();
        String some = symbols.size() <= 5 ? String.join(", ", symbols) : String.join(", ", symbols.subList(0, 5)) + " and " + (symbols.size() - 5) + " more";
        return List.of(bar.file() + ": its " + d.named() + (d.columns().size() == 1 ? " was" : " were") + " not kept: it imported as bars, whose import keeps no names "
                + "(" + some + "); name the symbols in the Data view, or import daily prices with " + (d.columns().size() == 1 ? "that column" : "those columns"));
    }
}

package org.sextant.engine.exchange;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;

/** What the scale-out jobs' output rows share: every column present (null when unset), and a failure as field and message. */
final class JobRows {
    private JobRows() {}

    /** A row keyed by {@code columns}, all null. */
    static Map<String, Object> empty(List<String> columns) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (String col : columns) row.put(col, null);
        return row;
    }

    /** {@code row} with the failure's field (a refusal names one) and message (a bug names its class). */
    static Map<String, Object> failed(Map<String, Object> row, RuntimeException e) {
        row.put("error_field", e instanceof SextantException s ? s.field() : null);
        row.put("error", e instanceof SextantException ? e.getMessage() : e.getClass().getSimpleName() + ": " + e.getMessage());
        return row;
    }
}

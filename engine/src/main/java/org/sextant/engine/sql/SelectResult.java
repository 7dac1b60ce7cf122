package org.sextant.engine.sql;

import java.util.List;

/**
 * Rows of a read-only query.
 *
 * @param truncated true when the query produced more rows than {@code limit}
 */
public record SelectResult(List<String> columns, List<String> types, List<List<Object>> rows, int rowCount,
                           int limit, boolean truncated, long elapsedMillis) {}

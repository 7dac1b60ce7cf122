package org.sextant.app;

import tools.jackson.databind.JsonNode;

/** Prints an import report for people. */
final class ImportSummary {
    private ImportSummary() {}

    static String render(JsonNode r) {
        StringBuilder sb = new StringBuilder();
        for (JsonNode f : r.path("files")) {
            sb.append(String.format("%s: %s layout, %d rows, symbols %s%n", f.path("file").asString(""),
                    f.path("layout").asString(""), f.path("rows").asLong(), f.path("symbols")));
        }
        sb.append(String.format("imported: %d new rows, %d updated; symbols %s%n",
                r.path("rows_inserted").asLong(), r.path("rows_updated").asLong(), r.path("symbols")));
        return sb.toString();
    }
}

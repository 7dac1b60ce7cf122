package org.sextant.engine.ingest;

import java.util.List;

/** What one import (a transaction over one or more files) changed. */
public record ImportReport(List<ImportedFile> files, long rowsInserted, long rowsUpdated, List<String> symbols) {

    /** One file of an import: its detected layout and what it contributed. */
    public record ImportedFile(String file, String layout, long rows, List<String> symbols) {}
}

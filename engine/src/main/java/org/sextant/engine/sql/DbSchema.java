package org.sextant.engine.sql;

import java.util.List;

/** The store's tables for agents and the SQL console; holds no host path. */
public record DbSchema(List<Table> tables, String markdown) {
    public record Table(String name, String description, long rowCount, List<Column> columns) {}

    public record Column(String name, String type, boolean nullable) {}
}

package org.sextant.engine.store;

import java.nio.file.Path;

/**
 * A file's path as the SQL string literal DuckDB's file readers (read_parquet, read_csv, parquet_metadata, ...) take: they
 * read a path that holds * ? or [ as a glob, and as the file itself only when the glob matches nothing, so "part-9[9].parquet"
 * reads a decoy "part-99.parquet" and "/data[1]/x" another folder's "/data1/x" (attack 30). Each glob character is written
 * as the class that matches only itself ([*] [?] [[]): the literal names that one file, whatever its folder is called.
 */
public final class DuckDbPath {
    private DuckDbPath() {}

    /** {@code file} (absolute) as a quoted SQL literal that DuckDB reads as that file and no other. */
    public static String literal(Path file) {
        return "'" + pattern(file.toString()).replace("'", "''") + "'";
    }

    /** {@code folder}'s files whose names end in {@code suffix} (no glob character in it), as a quoted SQL literal. */
    public static String filesIn(Path folder, String suffix) {
        return "'" + (pattern(folder.toString()) + "/*" + suffix).replace("'", "''") + "'";
    }

    /** {@code path} with each glob character written as the class that matches only itself; the same path when it holds none. */
    static String pattern(String path) {
        StringBuilder b = new StringBuilder(path.length() + 8);
        for (char ch : path.toCharArray()) {
            if (ch == '*' || ch == '?' || ch == '[') b.append('[').append(ch).append(']');
            else b.append(ch);
        }
        return b.toString();
    }
}

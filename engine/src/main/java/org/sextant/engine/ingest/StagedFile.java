package org.sextant.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import org.sextant.engine.SextantException;

/**
 * A user's file made visible to DuckDB, whose file access is confined to the staging folder:
 * a hard link when the file is on the same file system (no copy of a large file), else a copy.
 * Deleted on close, which never touches the user's original.
 */
public final class StagedFile implements AutoCloseable {
    private final Path path;

    private StagedFile(Path path) {
        this.path = path;
    }

    static StagedFile of(Path source, Path stagingDir, String file) {
        Path target = target(stagingDir, source.getFileName().toString());
        try {
            // the file a link names: a hard link to the link itself would point DuckDB outside staging, where it may not read
            Path real = source.toRealPath();
            try {
                Files.createLink(target, real);
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                Files.copy(real, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw SextantException.invalid("paths", file + ": cannot read (" + e.getMessage() + ")",
                    "check that the file exists and is readable");
        }
        return new StagedFile(target);
    }

    static StagedFile of(InputStream in, Path stagingDir, String name) {
        Path target = target(stagingDir, name);
        try (in) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage " + name, e);
        }
        return new StagedFile(target);
    }

    /**
     * Removes what a killed import or gather left in staging (import-* files, gather-* folders).
     * Call only while this process owns the store (at open): no import of ours is running then.
     *
     * @return how many entries were removed
     */
    public static int removeLeftovers(Path stagingDir) {
        if (!Files.isDirectory(stagingDir)) return 0;
        int removed = 0;
        try (var entries = Files.list(stagingDir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (!name.startsWith("import-") && !name.startsWith("gather-")) continue;
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    try (var inner = Files.list(p)) {
                        for (Path f : (Iterable<Path>) inner::iterator) Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(p);
                removed++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean the staging folder " + stagingDir, e);
        }
        return removed;
    }

    private static Path target(Path stagingDir, String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return stagingDir.toAbsolutePath().normalize().resolve("import-" + UUID.randomUUID() + "-" + safe);
    }

    Path path() { return path; }

    /** The path as a SQL string literal. */
    String sqlLiteral() {
        return "'" + path.toString().replace("'", "''") + "'";
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // the next start removes it (removeLeftovers)
        }
    }
}

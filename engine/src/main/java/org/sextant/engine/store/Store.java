package org.sextant.engine.store;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.duckdb.DuckDBConnection;
import org.sextant.engine.SextantException;

/**
 * The DuckDB store. One process owns the file (DuckDB has one writer); every other reader
 * goes through this process. The database is opened with file and network access switched
 * off, except for the staging folder, and the configuration is locked, so no statement run
 * later, however it got here, can read host files, reach the network or load extensions.
 */
public final class Store implements AutoCloseable {
    private final DuckDBConnection owner;
    private final Path file;
    private final Path stagingDir;
    private final Object writeLock = new Object();

    private Store(DuckDBConnection owner, Path file, Path stagingDir) {
        this.owner = owner;
        this.file = file;
        this.stagingDir = stagingDir;
    }

    /** Opens (creating if needed) the store file and brings its schema up to date. */
    public static Store open(Path file, Path stagingDir) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.createDirectories(stagingDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Class.forName("org.duckdb.DuckDBDriver");
            Properties props = new Properties();
            props.setProperty("autoinstall_known_extensions", "false");
            props.setProperty("autoload_known_extensions", "false");
            // bounds every query, read-only SQL from agents included; spilling to disk is bounded too
            props.setProperty("memory_limit", memoryLimit());
            props.setProperty("max_temp_directory_size", "4GB");
            DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath(), props);
            org.sextant.engine.StartupTimeline.mark("store open");
            try (Statement s = c.createStatement()) {
                String staging = stagingDir.toAbsolutePath().normalize().toString().replace("'", "''");
                s.execute("SET allowed_directories=['" + staging + "/']");
                s.execute("SET enable_external_access=false");
                s.execute("SET lock_configuration=true");
            }
            Store store = new Store(c, file, stagingDir);
            Migrations.apply(store);
            org.sextant.engine.StartupTimeline.mark("migrations");
            return store;
        } catch (SQLException e) {
            if (String.valueOf(e.getMessage()).contains("lock")) {
                throw new SextantException(FailReason.DB_NOT_READY,
                        "the store " + file + " is held by another Sextant process", "SEXTANT_HOME",
                        "close the other Sextant app, or talk to it through its local API (sextant-mcp, or the CLI while the app runs)", e);
            }
            throw new SextantException(FailReason.DB_NOT_READY, "cannot open the store " + file + ": " + e.getMessage(), null,
                    "check that the file is a Sextant DuckDB store and the disk is writable", e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("DuckDB JDBC driver missing from the class path", e);
        }
    }

    /** Half the JVM host's RAM as DuckDB sees it, at most 2 GB: the app must stay usable beside it. */
    private static String memoryLimit() {
        long bytes = 2L << 30;
        try {
            java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
                bytes = Math.min(bytes, sun.getTotalMemorySize() / 2);
            }
        } catch (RuntimeException | LinkageError ignored) {
            // keep the 2 GB default
        }
        return Math.max(256, bytes >> 20) + "MB";
    }

    public Path file() { return file; }

    /** The folder the store may read import files from. */
    public Path stagingDir() { return stagingDir; }

    /** A new connection to the same database, for one reader thread; close it after use. */
    public DuckDBConnection newConnection() {
        try {
            return (DuckDBConnection) owner.duplicate();
        } catch (SQLException e) {
            throw new SextantException(FailReason.DB_NOT_READY, "store closed: " + e.getMessage(), null, "restart the app", e);
        }
    }

    /** Work that writes: runs in one transaction, one writer at a time; a failure changes nothing. */
    public <T> T inTransaction(SqlWork<T> work) {
        org.sextant.engine.ReadOnlyScope.refuseWrite("write the store");
        synchronized (writeLock) {
            try (Connection c = newConnection()) {
                c.setAutoCommit(false);
                try {
                    T result = work.run(c);
                    c.commit();
                    return result;
                } catch (Exception e) {
                    c.rollback();
                    throw e;
                }
            } catch (SextantException | IllegalArgumentException e) {
                throw e;
            } catch (Exception e) {
                throw new SextantException(FailReason.DB_ERROR, "store write failed: " + e.getMessage(), null,
                        "nothing was written; check the input and try again", e);
            }
        }
    }

    /** Work that only reads, on its own connection. */
    public <T> T read(SqlWork<T> work) {
        try (Connection c = newConnection()) {
            return work.run(c);
        } catch (SextantException e) {
            throw e;
        } catch (Exception e) {
            throw new SextantException(FailReason.DB_ERROR, "store read failed: " + e.getMessage(), null, "retry; report if it persists", e);
        }
    }

    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws Exception;
    }

    @Override
    public void close() {
        try {
            owner.close();
        } catch (SQLException ignored) {
            // closing a closed store is fine
        }
    }
}

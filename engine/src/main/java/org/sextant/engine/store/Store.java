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
 *
 * <p>Crash safety: every commit is in the write-ahead log (fsync'd by DuckDB) before it returns;
 * the store checkpoints the log into the file after migrations, when asked, and once writes have
 * been idle for two seconds, so a crash leaves little to replay. After each
 * commit the table census is written beside the file, so a recovery can tell what was lost.
 */
public final class Store implements AutoCloseable {
    /** A checkpoint follows this long after the last write (tests that take crash images set it longer). */
    private final long idleCheckpointMillis = Long.getLong("sextant.store.idleCheckpointMillis", 2_000);

    private final DuckDBConnection owner;
    private final Path file;
    private final Path stagingDir;
    /** The one writer's turn: a write transaction, a checkpoint (with its backup) or the close holds it. */
    private final WriterLock writeLock = new WriterLock();
    /** Names the thread holding the writer for a refusal (the job running on it), or null; set by the app ({@link #nameWriters}). */
    private volatile java.util.function.Function<Thread, String> writerNames = t -> null;
    private final java.util.List<Runnable> afterCheckpoint = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.ScheduledExecutorService idle;
    private volatile long lastWriteMillis; // 0: nothing written since the last checkpoint
    private final java.util.concurrent.atomic.AtomicLong commits = new java.util.concurrent.atomic.AtomicLong();
    /** Commits that may have changed the stored prices, bars or symbols (all but {@link #inTransactionBesidePrices}'s), and of which symbols. */
    private final PriceChanges priceChanges = new PriceChanges();
    /** The symbols the write on this thread said it changes ({@link #changesOnly}); null outside a write. */
    private final ThreadLocal<NamedChanges> writing = new ThreadLocal<>();
    private volatile boolean closed;
    private RecoveryReport lossAtOpen;
    private volatile boolean opened;
    private final PreparedReads preparedReads = new PreparedReads(this::newConnection);

    private Store(DuckDBConnection owner, Path file, Path stagingDir) {
        this.owner = owner;
        this.file = file;
        this.stagingDir = stagingDir;
        this.idle = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sextant-store-checkpoint");
            t.setDaemon(true);
            return t;
        });
        idle.scheduleWithFixedDelay(this::checkpointIfIdle, idleCheckpointMillis, Math.max(1, idleCheckpointMillis / 2),
                java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Opens (creating if needed) the store file and brings its schema up to date. */
    public static Store open(Path file, Path stagingDir) {
        return open(file, stagingDir, memoryLimit(), MAX_TEMP_SIZE);
    }

    /** DuckDB's temporary folder may hold at most this much of what a query spills beyond the memory limit. */
    static final String MAX_TEMP_SIZE = "4GB";

    /** As {@link #open(Path, Path)}, with DuckDB's memory limit and temporary-folder bound given (a test sets them small). */
    static Store open(Path file, Path stagingDir, String memoryLimit, String maxTempSize) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.createDirectories(stagingDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StoreCensus committed = StoreCensus.read(file);
        Path crashCopy = CrashCopy.takeIfLogPending(file);
        try {
            Class.forName("org.duckdb.DuckDBDriver");
            Properties props = new Properties();
            props.setProperty("autoinstall_known_extensions", "false");
            props.setProperty("autoload_known_extensions", "false");
            // bounds every query, read-only SQL from agents included; spilling to disk is bounded too
            props.setProperty("memory_limit", memoryLimit);
            // a big import checkpoints on its own once the log passes this, instead of at DuckDB's 16 MB
            props.setProperty("checkpoint_threshold", "4MB");
            DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath(), props);
            org.sextant.engine.StartupTimeline.mark("store open");
            refuseNewerSchema(c, file, crashCopy);
            // ours alone now (DuckDB's lock): a temporary file this DuckDB does not know a killed process left
            int leftovers = DuckDbTempFiles.removeLeftovers(c);
            if (leftovers > 0) org.slf4j.LoggerFactory.getLogger(Store.class).info("removed {} temporary file(s) a stopped DuckDB left", leftovers);
            try (Statement s = c.createStatement()) {
                // set here, not as a connection property: given at connect DuckDB shows it but did not hold it (a 6 KB Parquet
                // file spilled 29 GB past a 4 GB bound); SET gives the bound to its buffer manager
                s.execute("SET max_temp_directory_size='" + maxTempSize + "'");
                String staging = stagingDir.toAbsolutePath().normalize().toString();
                // and as DuckDbPath writes it: a folder named with * ? or [ is read through its escaped pattern
                s.execute("SET allowed_directories=['" + (staging + "/").replace("'", "''") + "', '"
                        + (DuckDbPath.pattern(staging) + "/").replace("'", "''") + "']");
                s.execute("SET enable_external_access=false");
                s.execute("SET lock_configuration=true");
            }
            Store store = new Store(c, file, stagingDir);
            try {
                Migrations.apply(store);
                store.checkpoint(); // what a start wrote is in the file, not only in the log
                store.lossAtOpen = lossAgainst(store, committed, crashCopy);
                store.opened = true;
                store.read(c2 -> {
                    StoreCensus.recordQuietly(c2, file);
                    return null;
                });
            } catch (RuntimeException e) {
                store.close();
                CrashCopy.putBack(crashCopy, file);
                // the log replayed into tables its schema_version does not list (a torn log): the way back is recover
                throw StoreDamagedException.of(file, e);
            }
            org.sextant.engine.StartupTimeline.mark("migrations");
            return store;
        } catch (SQLException e) {
            if (String.valueOf(e.getMessage()).contains("Could not set lock")) {
                throw new SextantException(FailReason.DB_NOT_READY,
                        "the store " + file + " is held by another Sextant process", "SEXTANT_HOME",
                        "close the other Sextant app, or talk to it through its local API (sextant-mcp, or the CLI while the app runs)", e);
            }
            CrashCopy.putBack(crashCopy, file);
            throw StoreDamagedException.of(file, e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("DuckDB JDBC driver missing from the class path", e);
        }
    }

    /**
     * A store a newer Sextant migrated is refused before anything writes to it: this release's migrations, checkpoint
     * and writes would be a guess at tables it does not know. Not damage: recover must not replace it.
     */
    private static void refuseNewerSchema(DuckDBConnection c, Path file, Path crashCopy) throws SQLException {
        int version;
        try (Statement s = c.createStatement();
             java.sql.ResultSet r = s.executeQuery("SELECT CASE WHEN EXISTS (SELECT 1 FROM duckdb_tables() WHERE table_name = 'schema_version'"
                     + " AND schema_name = 'main') THEN 1 ELSE 0 END")) {
            r.next();
            if (r.getInt(1) == 0) return; // a new store
        }
        try (Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            r.next();
            version = r.getInt(1);
        }
        if (version <= StoreRestore.latestSchemaVersion()) return;
        c.close();
        CrashCopy.putBack(crashCopy, file);
        throw new SextantException(FailReason.DB_NOT_READY, "the store " + file + " was " + StoreRestore.newer(version)
                + "; this release leaves it as it is", "SEXTANT_HOME",
                "run the Sextant release that wrote it (or a newer one); or, to use this release, restore a backup it can read"
                        + " (sextant restore --list shows each backup's schema)");
    }

    /** What the last census had that the store opened without (a torn log); null when nothing is missing. */
    private static RecoveryReport lossAgainst(Store store, StoreCensus committed, Path crashCopy) {
        if (committed == null) return null;
        RecoveryReport r = new RecoveryReport("the write-ahead log, as far as it was intact", crashCopy, store.read(StoreCensus::take), committed);
        if (r.lostNothing()) return null;
        org.slf4j.LoggerFactory.getLogger(Store.class).warn("the store opened with less than was committed:\n{}", String.join("\n", r.lines()));
        return r;
    }

    /** Set when this open found less than the last census recorded (writes lost with a torn log); null otherwise. */
    public RecoveryReport lossAtOpen() { return lossAtOpen; }

    /** DuckDB's memory limit for this store, in bytes (agent SQL may use a share of it, docs/local-api.md). */
    public static long memoryLimitBytes() {
        return Long.parseLong(memoryLimit().replace("MB", "")) << 20;
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

    /**
     * A new connection to the same database, for one reader thread; close it after use. Inside a
     * read request it refuses every statement but one read-only SELECT ({@link ReadCheckedConnection}).
     */
    public Connection newConnection() {
        try {
            // built here, the one way a connection is handed out, so the self-test walks into it (its forwarding judged at the route)
            return new ReadCheckedConnection(owner.duplicate());
        } catch (SQLException e) {
            throw new SextantException(FailReason.DB_NOT_READY, "store closed: " + e.getMessage(), null, "restart the app", e);
        }
    }

    /** Work that writes: runs in one transaction, one writer at a time; a failure changes nothing. */
    public <T> T inTransaction(SqlWork<T> work) {
        org.sextant.engine.ReadOnlyScope.refuseWrite("write the store");
        writeLock.lock();
        try {
            return transaction(work, true);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * As {@link #inTransaction(SqlWork)}, for a write of results only (a research run, a forecast, signals) that leaves
     * the prices, bars, symbols and their names and sessions as they are: what is kept per {@link #pricesVersion} (the
     * symbol listing, the stored intervals) stays valid across it. A write that may change any of them must not use it:
     * in tests such a write fails before its commit ({@link PriceWriteCheck}).
     */
    public <T> T inTransactionBesidePrices(SqlWork<T> work) {
        org.sextant.engine.ReadOnlyScope.refuseWrite("write the store");
        writeLock.lock();
        try {
            return transaction(work, false);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * As {@link #inTransaction(SqlWork)}, waiting at most {@code wait} for the writer's turn (an import or a job's
     * write holds it as long as it writes): past it {@code what} is refused with job_busy and nothing is written.
     */
    public <T> T inTransaction(java.time.Duration wait, String what, SqlWork<T> work) {
        return inTransaction(new WriterWait(wait, what, "call again once it is done (list_jobs shows the running jobs)", () -> false), work);
    }

    /** How a write waits for the writer's turn, polling {@code stopped} (a job's cancel, a caller gone) as it waits. */
    public record WriterWait(java.time.Duration most, String what, String fix, java.util.function.BooleanSupplier stopped) {
        /** As long as it takes, unless {@code stopped}. */
        public static WriterWait untilStopped(java.util.function.BooleanSupplier stopped) {
            return new WriterWait(null, null, null, stopped);
        }
    }

    /** The message of the CancellationException a write stopped while it waited for the writer's turn throws. */
    public static final String STOPPED_WAITING = "stopped while it waited for the store's writer: nothing was written";

    /** How often a write waiting for the writer looks whether it was asked to stop. */
    private static final long STOP_POLL_NANOS = 50_000_000L;

    /**
     * As {@link #inTransaction(SqlWork)}, waiting for the writer's turn as {@code wait} says: stopped meanwhile, it throws
     * a CancellationException ({@link #STOPPED_WAITING}); past {@code wait.most()} (null: no limit) it is refused with
     * job_busy naming the write that held the writer when the wait ended, where known (a job), and {@code wait.fix()}.
     */
    public <T> T inTransaction(WriterWait wait, SqlWork<T> work) {
        org.sextant.engine.ReadOnlyScope.refuseWrite("write the store");
        long end = wait.most() == null ? 0 : System.nanoTime() + wait.most().toNanos();
        try {
            while (true) {
                if (wait.stopped().getAsBoolean()) throw new java.util.concurrent.CancellationException(STOPPED_WAITING);
                long step = wait.most() == null ? STOP_POLL_NANOS : Math.min(STOP_POLL_NANOS, end - System.nanoTime());
                if (step <= 0 && !writeLock.tryLock()) throw writerBusy(wait);
                if (step <= 0 || writeLock.tryLock(step, java.util.concurrent.TimeUnit.NANOSECONDS)) break;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the thread is asked to stop (the app closing): as a stop
            throw new java.util.concurrent.CancellationException(STOPPED_WAITING);
        }
        try {
            return transaction(work, true);
        } finally {
            writeLock.unlock();
        }
    }

    private SextantException writerBusy(WriterWait wait) {
        java.time.Duration most = wait.most() == null ? java.time.Duration.ZERO : wait.most();
        String waited = most.toMillis() < 1000 ? most.toMillis() + " ms" : most.toSeconds() + " s";
        String holder = writerNames.apply(writeLock.holder());
        return new SextantException(FailReason.JOB_BUSY, wait.what() + " waited " + waited + " for the store's one writer, which "
                + (holder == null ? "another write (an import, a job's, a backup) held all along" : "other writes held all along (at the end " + holder + ")")
                + "; nothing was changed", null, wait.fix());
    }

    /** How a refusal names the thread holding the writer (the app names the job running on it); null: not known. */
    public void nameWriters(java.util.function.Function<Thread, String> names) {
        this.writerNames = names;
    }

    /** The writer's lock, telling who holds it. */
    private static final class WriterLock extends java.util.concurrent.locks.ReentrantLock {
        Thread holder() {
            return getOwner();
        }
    }

    /**
     * Said inside a write's work, on its thread: the write changes the prices, bars, symbol rows, names and sessions of
     * {@code symbols} alone (said again: of all named), so what is kept for the others stays valid across it
     * ({@link #symbolVersion}, {@link #symbolsChangedSince}). A write that never says it may have changed any symbol.
     * Tests check what was said ({@link PriceWriteCheck}).
     */
    public void changesOnly(java.util.Collection<String> symbols) {
        NamedChanges named = writing.get();
        if (named == null) throw new IllegalStateException("changesOnly is said inside a write's work, on its thread");
        if (!named.prices) {
            if (!symbols.isEmpty()) throw new IllegalStateException("a write beside the prices changes no symbol: " + symbols);
            return; // it already says none (its set is immutable)
        }
        if (named.symbols == null) named.symbols = new java.util.HashSet<>();
        named.symbols.addAll(symbols);
    }

    /** What one write said it changes: null symbols, any symbol (nothing said). */
    private static final class NamedChanges {
        final boolean prices;
        java.util.Set<String> symbols;

        NamedChanges(boolean prices) {
            this.prices = prices;
            this.symbols = prices ? null : java.util.Set.of();
        }
    }

    /** One transaction; {@code prices}: it may change the prices, bars or symbols ({@link #pricesVersion} moves on). */
    private <T> T transaction(SqlWork<T> work, boolean prices) {
        NamedChanges outer = writing.get(), named = new NamedChanges(prices);
        writing.set(named);
        try (Connection c = newConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                PriceWriteCheck.check(c, this::newConnection, named.symbols); // in tests: it changed what it said, no more
                c.commit();
                commits.incrementAndGet();
                // after the commit, as commits: a read between keeps the new data under the old version, then reads again
                if (prices) priceChanges.committed(named.symbols);

                lastWriteMillis = System.currentTimeMillis();
                if (opened) StoreCensus.recordQuietly(c, file); // an open's own writes are no new commit to account for
                return result;
            } catch (Exception e) {
                try {
                    c.rollback();
                } catch (SQLException noTransaction) {
                    e.addSuppressed(noTransaction); // a failed commit (a full disk) has ended it already: keep its cause
                }
                throw e;
            }
        } catch (SextantException | IllegalArgumentException | java.util.concurrent.CancellationException e) {
            throw e; // a cancelled job's work stops rolled back: no store failure
        } catch (Exception e) {
            throw StoreFailure.of("store write", e, file, "nothing was written; check the input and try again");
        } finally {
            if (outer == null) writing.remove();
            else writing.set(outer);
        }
    }

    /** How many writes have committed since open: what was read from the catalog stays valid while this is unchanged. */
    public long commits() { return commits.get(); }

    /**
     * The version of the stored prices, bars and symbols (with their names and sessions): every write but a write of
     * results only ({@link #inTransactionBesidePrices}) moves it on, so what is derived from them alone is kept while it holds.
     */
    public long pricesVersion() { return priceChanges.version(); }

    /** The version at which {@code symbol}'s prices, bars, row, name or session last changed: what is kept of it alone holds while this does. */
    public long symbolVersion(String symbol) { return priceChanges.of(symbol); }

    /** The prices version now and the symbols changed after {@code version} up to it, read together (null symbols: any may have). */
    public SymbolChanges symbolsChangedSince(long version) { return priceChanges.since(version); }

    /** {@link #pricesVersion} at the time read, and the symbols whose data changed since the version asked about; null: any may have. */
    public record SymbolChanges(long version, java.util.Set<String> symbols) {}

    /** Work that only reads, on its own connection. */
    public <T> T read(SqlWork<T> work) {
        try (Connection c = newConnection()) {
            return work.run(c);
        } catch (SextantException | IllegalArgumentException | java.util.concurrent.CancellationException e) {
            throw e; // a cancelled read is the job's cancel, not a store failure
        } catch (Exception e) {
            throw StoreFailure.of("store read", e, file, "retry; report if it persists");
        }
    }

    /**
     * A read of one statement, prepared once on a kept connection: for the hot point reads that
     * run per call (a symbol's closes); {@code sql} must be a constant text with ? parameters.
     */
    public <T> T readPrepared(String sql, PreparedWork<T> work) {
        try {
            return preparedReads.run(sql, work);
        } catch (SextantException | IllegalArgumentException | java.util.concurrent.CancellationException e) {
            throw e;
        } catch (Exception e) {
            throw StoreFailure.of("store read", e, file, "retry; report if it persists");
        }
    }

    /**
     * Writes the log into the store file (DuckDB CHECKPOINT), then runs the after-checkpoint
     * hooks (the rolling backup) while still holding the write lock, so they see a file that
     * no write is changing. A failure (a reader's open transaction, a full disk) leaves the
     * log in place; the next idle checkpoint tries again.
     */
    public void checkpoint() {
        writeLock.lock();
        try {
            if (closed) return;
            try (Connection c = newConnection(); Statement s = c.createStatement()) {
                s.execute("CHECKPOINT");
            } catch (SQLException e) {
                throw new SextantException(FailReason.DB_ERROR, "checkpoint failed: " + e.getMessage(), null,
                        "nothing was lost: the write-ahead log keeps every write; free disk space if it is full", e);
            }
            lastWriteMillis = 0;
            for (Runnable hook : afterCheckpoint) hook.run();
        } finally {
            writeLock.unlock();
        }
    }

    /** Runs after every successful checkpoint, under the write lock (no write changes the file meanwhile). */
    public void afterCheckpoint(Runnable hook) { afterCheckpoint.add(hook); }

    private void checkpointIfIdle() {
        long last = lastWriteMillis;
        if (closed || last == 0 || System.currentTimeMillis() - last < idleCheckpointMillis) return;
        try {
            checkpoint();
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(Store.class).warn("idle checkpoint: {}", e.getMessage());
        }
    }

    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws Exception;
    }

    @FunctionalInterface
    public interface PreparedWork<T> {
        T run(java.sql.PreparedStatement p) throws Exception;
    }

    @Override
    public void close() {
        idle.shutdownNow();
        preparedReads.close();
        writeLock.lock();
        try {
            closed = true;
        } finally {
            writeLock.unlock();
        }
        try {
            owner.close(); // DuckDB checkpoints on a clean close
        } catch (SQLException ignored) {
            // closing a closed store is fine
        }
    }
}

package org.sextant.engine.home;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder that holds everything Sextant keeps on the user's machine (docs/architecture.md,
 * "Files on the user's machine").
 */
public record SextantHome(Path root) {

    public static final String ENV = "SEXTANT_HOME";

    /** SEXTANT_HOME if set, else ~/.sextant. */
    public static SextantHome fromEnvironment() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) return new SextantHome(Path.of(env).toAbsolutePath());
        return new SextantHome(Path.of(System.getProperty("user.home"), ".sextant"));
    }

    public Path dataDir() { return root.resolve("data"); }
    public Path database() { return dataDir().resolve("sextant.duckdb"); }
    /** The only folder the store may read files from (imports are staged here). */
    public Path stagingDir() { return dataDir().resolve("staging"); }
    /** Where delete_prices keeps a CSV of each symbol's prices it deleted (import_prices puts them back). */
    public Path deletedPricesDir() { return dataDir().resolve("deleted"); }
    public Path runDir() { return root.resolve("run"); }
    public Path appJson() { return runDir().resolve("app.json"); }
    public Path stateJson() { return root.resolve("state.json"); }
    public Path logsDir() { return root.resolve("logs"); }
    public Path logFile() { return logsDir().resolve("sextant.log"); }
    public Path pendingCommands() { return root.resolve("commands").resolve("pending"); }
    public Path doneCommands() { return root.resolve("commands").resolve("done"); }
    public Path jobsDir() { return root.resolve("jobs"); }
    public Path settingsJson() { return root.resolve("settings.json"); }
    /** Trained models (the global forecaster: models/global), rebuilt from the data when missing. */
    public Path modelsDir() { return root.resolve("models"); }
    /**
     * Top-level folders the app writes itself, lower case (compared ignoring case: on macOS and
     * Windows DATA is data): no file a request names (a report, a backup) may be written into them.
     */
    public static final java.util.List<String> APP_OWNED_FOLDERS = java.util.List.of("data", "run", "jobs", "commands", "logs", "models");
    /** The app's own folders and its backups: no file a person names to be written (a report, an export) goes into them. */
    public static final java.util.List<String> NO_REQUESTED_FILES =
            java.util.stream.Stream.concat(APP_OWNED_FOLDERS.stream(), java.util.stream.Stream.of("backups")).toList();

    /** Placed by hand only; no code of ours creates it. */
    public Path pilotFlag() { return root.resolve(".mcp_pilot"); }

    /**
     * Creates the home when it does not exist yet, readable by its owner only (the store, its
     * backups and logs hold the user's data); an existing home keeps the permissions it has.
     */
    public SextantHome ensureRoot() {
        if (Files.isDirectory(root)) return this;
        try {
            if (root.getParent() != null) Files.createDirectories(root.getParent());
            try {
                Files.createDirectory(root, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createDirectory(root); // Windows: the profile folder's ACL keeps other users out
            }
        } catch (java.nio.file.FileAlreadyExistsException raced) {
            // another process created it first: its permissions stand
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Sextant home folder " + root, e);
        }
        return this;
    }

    /**
     * Creates the folders the app writes into, and makes its own top-level folders (and the default backups folder
     * when there is one) readable by their owner only, also in a home the person made themselves: the store, backups,
     * logs and kept deletions in them are the user's data, while the files DuckDB, logback and a copy create follow the
     * umask (644).
     */
    public SextantHome ensureLayout() {
        requireStorablePath();
        ensureRoot();
        try {
            for (String folder : APP_OWNED_FOLDERS) ownerOnly(root.resolve(folder));
            if (Files.isDirectory(root.resolve("backups"))) ownerOnly(root.resolve("backups"));
            for (Path p : new Path[] {dataDir(), stagingDir(), runDir(), logsDir(), pendingCommands(), doneCommands(), jobsDir()}) {
                // "…/data: already exists" did not say that a file stands where the folder must be
                for (Path q = p; q.startsWith(root) && !q.equals(root); q = q.getParent()) {
                    if (Files.exists(q) && !Files.isDirectory(q)) {
                        throw new UncheckedIOException(new java.nio.file.FileSystemException(q.toString(), null,
                                FILE_IN_A_FOLDERS_PLACE));
                    }
                }
                Files.createDirectories(p);
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Sextant home folders under " + root, e);
        }
    }

    /**
     * Refuses a home whose path holds '?', before anything is made: DuckDB (2.0) cuts a file path at '?' as a URL's query,
     * so the store's log is written at another path ("q.wal?home/data/sextant.duckdb"), every write fails, and the app
     * then said the store was damaged and sent the person to `sextant recover`. '*' and '[' are read as they are.
     */
    void requireStorablePath() {
        String path = root.toAbsolutePath().toString();
        if (path.indexOf('?') < 0) return;
        throw org.sextant.engine.SextantException.invalid(ENV, "the Sextant home " + path + " has a '?' in its path, which DuckDB, where Sextant keeps"
                + " its data, reads as the start of options: no write to the store could be kept; the store was not opened",
                "use a home folder whose path has no '?': rename the folder that has one, or set SEXTANT_HOME (or --home) to another folder, e.g. ~/.sextant");
    }

    private static final String FILE_IN_A_FOLDERS_PLACE = "is a file where Sextant keeps a folder: move it away (or choose another SEXTANT_HOME)";
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY =
            java.nio.file.attribute.PosixFilePermissions.fromString("rwx------");

    /**
     * {@code dir} created when missing, and readable, writable and enterable by its owner only (mode 700), unless it is a
     * link (its target is not the app's to change): a folder a
     * file of the app's stands in is named, as {@link #ensureLayout} does. On a file system without POSIX modes
     * (Windows) the folder is only created: the profile folder's ACL keeps other users out.
     */
    public static Path ownerOnly(Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new java.nio.file.FileSystemException(dir.toString(), null,
                    FILE_IN_A_FOLDERS_PLACE);
        }
        Files.createDirectories(dir);
        if (Files.isSymbolicLink(dir)) return dir; // a folder the person linked (a team share, /tmp) keeps the mode its owner gave it
        try {
            if (!Files.getPosixFilePermissions(dir).equals(OWNER_ONLY)) Files.setPosixFilePermissions(dir, OWNER_ONLY);
        } catch (UnsupportedOperationException notPosix) {
            // Windows
        }
        return dir;
    }
}

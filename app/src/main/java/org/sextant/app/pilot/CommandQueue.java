package org.sextant.app.pilot;

import org.sextant.contract.FailReason;
import org.sextant.contract.PilotCommands;
import org.sextant.contract.HomeFile;
import org.sextant.contract.PilotFlag;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.file.LinkOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.AtomicFiles;
import org.sextant.engine.home.SextantHome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The app's side of the pilot command queue (docs/architecture.md, "Files on the user's machine",
 * commands/; docs/mcp.md "drive_app"). Watches commands/pending (a WatchService, and a poll every
 * second for file systems where watching misses events) and handles each file, oldest name first:
 *
 * <ul>
 *   <li>a symbolic link or other non-regular file: moved to done as refused, never followed or read
 *       (a folder is left alone);</li>
 *   <li>malformed or unknown: moved to commands/done with {@code ok:false} and the error; never executed
 *       (a file that does not parse is first given {@link #SETTLE} to be completed, for writers that
 *       do not rename a finished file into place as drive_app does);</li>
 *   <li>waiting longer than {@link #MAX_WAIT} (the app was closed, or the pilot flag was removed
 *       and placed again much later): moved to done with {@code fail_reason: expired}; not executed.
 *       Its age runs from the older of its {@code created_at} and the file's modification time (either
 *       can be set by hand), and a {@code created_at} ahead of the clock is refused ({@link #CLOCK_SKEW});</li>
 *   <li>while SEXTANT_HOME/.mcp_pilot is not a regular file ({@link PilotFlag}): left in pending, not executed; it runs if the flag
 *       is placed again within {@link #MAX_WAIT} (the launcher only queues while the flag exists,
 *       so a waiting command was allowed when it was queued, and removing the flag pauses it);</li>
 *   <li>otherwise executed, the flag checked immediately before, and moved to done with its result.</li>
 * </ul>
 *
 * A done record keeps only the command's known fields (never a file's other keys or its text).
 * The done file is written atomically before the pending one is deleted; a pending file whose
 * done twin exists (the app stopped between the two) is deleted without running it again.
 * This class never creates the pilot flag; it only tests whether the person placed it.
 */
public final class CommandQueue implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CommandQueue.class);
    /** How long a command may wait in pending before it is too stale to act on. */
    public static final Duration MAX_WAIT = Duration.ofMinutes(10);
    /** How far a command's created_at may be ahead of this clock (the launcher's clock, on the same machine) before it is refused. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(1);
    /** A file that does not parse is refused only once it has not changed for this long. */
    static final Duration SETTLE = Duration.ofSeconds(2);
    /** A command file drive_app writes: its arguments (capped compact) pretty-printed, which can take a few times more, and a few fields. */
    static final long MAX_COMMAND_BYTES = 4L * org.sextant.contract.PilotCommands.MAX_ARGS_BYTES + 4096;

    private final SextantHome home;
    private final PilotExecutor executor;
    private final Consumer<PilotNotice> notices;
    private final Clock clock;
    private final Set<String> reportedWaiting = new HashSet<>();
    private ScheduledExecutorService worker;
    private WatchService watcher;
    private Thread watchThread;

    /** @param notices told of every command that ran (on the pilot thread) */
    public CommandQueue(SextantHome home, PilotExecutor executor, Consumer<PilotNotice> notices, Clock clock) {
        this.home = home;
        this.executor = executor;
        this.notices = notices == null ? n -> { } : notices;
        this.clock = clock;
    }

    /** Starts watching: a drain now, on every change in pending, and every second. */
    public synchronized CommandQueue start() {
        if (worker != null) return this;
        worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sextant-pilot");
            t.setDaemon(true);
            return t;
        });
        worker.scheduleWithFixedDelay(this::drainQuietly, 0, 1, TimeUnit.SECONDS);
        try {
            Files.createDirectories(home.pendingCommands());
            watcher = home.pendingCommands().getFileSystem().newWatchService();
            home.pendingCommands().register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            watchThread = new Thread(this::watch, "sextant-pilot-watch");
            watchThread.setDaemon(true);
            watchThread.start();
        } catch (IOException | UnsupportedOperationException e) {
            log.warn("cannot watch {} ({}); polling it every second", home.pendingCommands(), e.toString());
        }
        return this;
    }

    private void watch() {
        try {
            while (true) {
                var key = watcher.take();
                key.pollEvents();
                key.reset();
                ScheduledExecutorService w = worker;
                if (w != null && !w.isShutdown()) w.execute(this::drainQuietly);
            }
        } catch (InterruptedException | ClosedWatchServiceException stopped) {
            // close() ends the watch
        } catch (RuntimeException e) {
            log.warn("watching {} stopped ({}); the poll goes on", home.pendingCommands(), e.toString());
        }
    }

    private void drainQuietly() {
        try {
            drain();
        } catch (RuntimeException e) {
            log.warn("pilot queue: {}", e.toString());
        }
    }

    /** Handles every file now in pending; returns how many left it (executed, refused or expired). */
    public synchronized int drain() {
        List<Path> files;
        try (Stream<Path> s = Files.list(home.pendingCommands())) {
            // links and other non-regular files are listed too: handle() refuses them without reading
            files = s.filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            log.warn("cannot list {}: {}", home.pendingCommands(), e.toString());
            return 0;
        }
        reportedWaiting.retainAll(files.stream().map(p -> p.getFileName().toString()).toList());
        int handled = 0;
        for (Path f : files) {
            if (handle(f)) handled++;
        }
        return handled;
    }

    /** True when the file left pending. */
    private boolean handle(Path file) {
        String name = file.getFileName().toString();
        String doneName = name.endsWith(".json") ? name : name + ".json";
        Path done = home.doneCommands().resolve(doneName);
        String stem = doneName.substring(0, doneName.length() - ".json".length());
        try {
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException gone) {
                return false;
            }
            if (attrs.isDirectory()) return false; // not a command, and a folder Sextant did not make is never deleted
            if (Files.exists(done, LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(file); // finished before the app stopped; never run twice
                return true;
            }
            if (!attrs.isRegularFile()) {
                // a link is never followed: its target may be any file of the user's (app.json holds the API token)
                String what = attrs.isSymbolicLink() ? "a symbolic link, not read" : "not a regular file, not read";
                finish(file, done, known(null, stem, name), null, SextantException.invalid("file", "the command file is " + what,
                        "queue commands with drive_app, which writes a regular file"), "failed");
                log.warn("pilot command {} refused, not executed: {}", name, what);
                return true;
            }
            long size = attrs.size();
            Instant queuedAt = attrs.lastModifiedTime().toInstant();
            String content = null;
            boolean utf8 = true;
            if (size <= MAX_COMMAND_BYTES) {
                byte[] bytes;
                try (InputStream in = HomeFile.open(file)) { // the same regular file after the open, or refused
                    bytes = in.readNBytes((int) MAX_COMMAND_BYTES + 1); // bounded even if the file grew since
                } catch (NoSuchFileException gone) {
                    return false;
                } catch (HomeFile.NotRegular swapped) {
                    finish(file, done, known(null, stem, name), null, SextantException.invalid("file", "the command file was replaced while it was read, not read",
                            "queue commands with drive_app, which writes a regular file"), "failed");
                    log.warn("pilot command {} refused, not executed: replaced while read", name);
                    return true;
                }
                size = Math.max(size, bytes.length);
                try {
                    if (bytes.length <= MAX_COMMAND_BYTES) {
                        content = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
                    }
                } catch (CharacterCodingException e) {
                    utf8 = false;
                }
            }
            PilotCommand command;
            try {
                if (size > MAX_COMMAND_BYTES) {
                    throw SextantException.invalid("file", "the command file is " + size + " bytes, more than " + MAX_COMMAND_BYTES,
                            "queue it with drive_app, whose arguments are at most " + org.sextant.contract.PilotCommands.MAX_ARGS_BYTES + " bytes");
                }
                if (!utf8) throw SextantException.invalid("file", "the command file is not UTF-8 text (" + size + " bytes)", "write UTF-8 JSON");
                command = PilotCommand.parse(stem, content);
            } catch (SextantException e) {
                if (Duration.between(queuedAt, clock.instant()).compareTo(SETTLE) < 0) {
                    return false; // perhaps still being written by a writer that does not rename: look again next time
                }
                finish(file, done, known(parsedObject(content), stem, name), null, e, "failed");
                log.warn("pilot command {} refused, not executed: {}", name, e.getMessage());
                return true;
            }
            SextantException undated = undated(command.createdAt(), queuedAt);
            if (undated != null) {
                finish(file, done, known(command.original(), command.id(), null), null, undated, "failed");
                log.warn("pilot command {} refused, not executed: {}", name, undated.getMessage());
                return true;
            }
            // either date may be forged (anyone can touch the file; created_at is its text): the older one counts
            if (command.createdAt() != null && command.createdAt().isBefore(queuedAt)) queuedAt = command.createdAt();
            if (Duration.between(queuedAt, clock.instant()).compareTo(MAX_WAIT) > 0) {
                SextantException stale = new SextantException(FailReason.EXPIRED, "the command waited more than " + MAX_WAIT.toMinutes()
                        + " minutes in commands/pending (queued " + queuedAt + ", the older of its created_at and the file's modification time)"
                        + " and was not executed", null,
                        "queue it again with drive_app while the app runs and SEXTANT_HOME/.mcp_pilot exists");
                finish(file, done, known(command.original(), command.id(), null), null, stale, "expired");
                return true;
            }
            String flagRefusal = pilotRefusal();
            if (flagRefusal != null) {
                if (reportedWaiting.add(name)) {
                    log.info("pilot command {} ({}) waits: SEXTANT_HOME/.mcp_pilot {}", command.id(), command.describe(), flagRefusal);
                }
                return false;
            }
            Map<String, Object> result;
            try {
                result = executor.execute(command);
            } catch (SextantException e) {
                finish(file, done, known(command.original(), command.id(), null), null, e, "failed");
                notices.accept(new PilotNotice(command.id(), command.describe(), false, e.getMessage()));
                return true;
            } catch (RuntimeException e) {
                // a bug: its words (the agent reads done/) stay in the log, under the mark the record names
                SextantException bug = org.sextant.engine.Incident.logged("pilot command " + command.id(), e);
                finish(file, done, known(command.original(), command.id(), null), null, bug, "failed");
                notices.accept(new PilotNotice(command.id(), command.describe(), false, bug.getMessage()));
                return true;
            }
            finish(file, done, known(command.original(), command.id(), null), result, null, "done");
            log.info("pilot command {} executed: {}", command.id(), command.describe());
            notices.accept(new PilotNotice(command.id(), command.describe(), true, null));
            return true;
        } catch (IOException e) {
            log.warn("pilot command {}: {}", name, e.toString());
            return false;
        }
    }

    /**
     * Why a command's age cannot be told, or null: a created_at later than now (beyond {@link #CLOCK_SKEW}), or, in a
     * file without created_at, a modification time later than now; a date in the future would keep it from expiring.
     */
    private SextantException undated(Instant createdAt, Instant modified) {
        Instant latest = clock.instant().plus(CLOCK_SKEW);
        if (createdAt != null && createdAt.isAfter(latest)) {
            return SextantException.invalid("created_at", "the command's created_at " + createdAt + " is in the future (now " + clock.instant() + ")",
                    "queue it with drive_app, which stamps the time it queues");
        }
        if (createdAt == null && modified.isAfter(latest)) {
            return SextantException.invalid("file", "the command file has no created_at and was modified in the future (" + modified + ", now "
                    + clock.instant() + ")", "queue it with drive_app, which stamps the time it queues");
        }
        return null;
    }

    /**
     * Null when the flag is placed (a regular file, not a link); else why not. Checked immediately
     * before each execution; placed by the person only. The only code here
     * that touches the flag's path, and it only reads (PilotFlagNeverWrittenTest).
     */
    private String pilotRefusal() {
        return PilotFlag.refusal(home.pilotFlag());
    }

    private void finish(Path pending, Path done, JsonNode command, Object result, SextantException error, String state)
            throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        if (command != null && command.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = command.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.put(e.getKey(), e.getValue());
            }
        }
        out.put("state", state);
        out.put("ok", error == null);
        out.put("result", result);
        out.put("error", error == null ? null : error.getMessage());
        out.put("fail_reason", error == null ? null : error.failReason());
        out.put("field", error == null ? null : error.field());
        out.put("fix", error == null ? null : error.fix());
        out.put("finished_at", clock.instant().toString());
        AtomicFiles.write(done, Json.write(out));
        Files.deleteIfExists(pending);
    }

    /** The file's JSON object when it is one, else null; its text is never kept. */
    private static JsonNode parsedObject(String content) {
        try {
            JsonNode parsed = content == null ? null : Json.MAPPER.readTree(content);
            return parsed != null && parsed.isObject() ? parsed : null;
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /**
     * Only the fields drive_app writes, and only the command's own arguments: a file in pending may
     * be anything (a copy of a config file), and done records are shown by read_command_queue.
     */
    private static JsonNode known(JsonNode original, String fallbackId, String file) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        JsonNode command = original == null ? null : original.get("command");
        for (String key : PilotCommands.COMMAND_FIELDS) {
            JsonNode v = original == null ? null : original.get(key);
            if (key.equals("args")) {
                if (v != null && v.isObject()) {
                    Map<String, Object> args = new LinkedHashMap<>();
                    v.properties().forEach(e -> args.put(e.getKey(), e.getValue()));
                    n.set("args", Json.MAPPER.valueToTree(PilotCommands.knownArguments(command != null && command.isString() ? command.asString() : null, args)));
                }
            } else if (v != null && v.isString()) {
                n.put(key, v.asString());
            }
        }
        if (!n.has("id")) n.put("id", fallbackId);
        if (file != null) n.put("file", file);
        return n;
    }

    @Override
    public synchronized void close() {
        if (worker != null) worker.shutdownNow();
        worker = null;
        try {
            if (watcher != null) watcher.close();
        } catch (IOException ignored) {
            // closing a watch service that failed to watch
        }
        if (watchThread != null) watchThread.interrupt();
    }
}

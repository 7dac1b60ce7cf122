package org.sextant.engine.api;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Tells a read still computing whether its client went away, so it stops at its next checkpoint
 * and gives back its turn (a client that sent heavy reads and dropped them held every turn).
 *
 * <p>The JDK server neither looks at a connection while its handler runs nor gives the handler
 * its socket, so while any read is watched the kernel's table of this process's TCP connections
 * ({@code /proc/self/net/tcp}, Linux) is read at every sweep of the {@link ConnectionGuard}: the
 * server's end of a connection leaves ESTABLISHED when the client closes it (CLOSE_WAIT) and
 * leaves the table when the client resets it. Where there is no such table (macOS, Windows)
 * nothing is noticed, and a read computes until it ends or its budget does.
 *
 * <p>A wrong "gone" drops a live caller's answer, so the evidence must be firm: only connections
 * watched before a table was read are judged by it (a connection arriving during a read is not in
 * it), and a connection must be missing from {@link #SWEEPS_TO_GONE} reads in a row (the kernel
 * writes the table a page at a time, so one read of a busy table can skip a line).
 */
final class ClientWatch {
    private static final List<Path> TABLES = List.of(Path.of("/proc/self/net/tcp"), Path.of("/proc/self/net/tcp6"));
    private static final String ESTABLISHED = "01";
    static final int SWEEPS_TO_GONE = 2;

    /** One request's connection, seen from the server: gone once its client closed or reset it. */
    static final class Watched implements BooleanSupplier {
        final int localPort;
        final int remotePort;
        private int missing; // reads in a row without it; the sweeper's thread alone touches it
        private volatile boolean gone;

        Watched(int localPort, int remotePort) {
            this.localPort = localPort;
            this.remotePort = remotePort;
        }

        @Override
        public boolean getAsBoolean() { return gone; }
    }

    private final Set<Watched> watched = ConcurrentHashMap.newKeySet();
    private final Supplier<Set<Long>> table;

    ClientWatch() {
        this(TABLES);
    }

    ClientWatch(List<Path> tables) {
        this(() -> established(tables));
    }

    /** {@code table} answers the established connections' keys, or null when there is no table to read. */
    ClientWatch(Supplier<Set<Long>> table) {
        this.table = table;
    }

    Watched watch(int localPort, int remotePort) {
        Watched w = new Watched(localPort, remotePort);
        watched.add(w);
        return w;
    }

    void unwatch(Watched w) {
        watched.remove(w);
    }

    /** Whether any read is watched (the sweeps read the table only then). */
    boolean watching() {
        return !watched.isEmpty();
    }

    /** Marks the watched connections no longer established; does nothing while none is watched or no table can be read. */
    void sweep() {
        List<Watched> judged = List.copyOf(watched); // before the read: each of these was connected when it began
        if (judged.isEmpty()) return;
        Set<Long> established = table.get();
        if (established == null) return;
        for (Watched w : judged) {
            if (established.contains(key(w.localPort, w.remotePort))) w.missing = 0;
            else if (++w.missing >= SWEEPS_TO_GONE) w.gone = true;
        }
    }

    /** The established connections listed in {@code tables}, or null when none of them can be read. */
    static Set<Long> established(List<Path> tables) {
        Set<Long> established = new HashSet<>();
        boolean read = false;
        for (Path table : tables) {
            try (BufferedReader in = Files.newBufferedReader(table, StandardCharsets.US_ASCII)) {
                in.readLine(); // the column names
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    Long key = establishedKey(line);
                    if (key != null) established.add(key);
                }
                read = true;
            } catch (IOException | RuntimeException unreadable) {
                // not Linux, or not this table (no IPv6): the other one, or nothing, answers
            }
        }
        return read ? established : null;
    }

    /** "sl local_address rem_address st ...", addresses as HEXIP:HEXPORT: the ports of an established connection, or null. */
    static Long establishedKey(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 4 || !f[3].equals(ESTABLISHED)) return null;
        int local = port(f[1]), remote = port(f[2]);
        return local < 0 || remote < 0 ? null : key(local, remote);
    }

    private static int port(String address) {
        int colon = address.lastIndexOf(':');
        try {
            return colon < 0 ? -1 : Integer.parseInt(address.substring(colon + 1), 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static long key(int localPort, int remotePort) {
        return ((long) localPort << 16) | remotePort;
    }
}

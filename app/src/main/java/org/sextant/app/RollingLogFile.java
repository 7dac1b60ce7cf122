package org.sextant.app;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The app log as a stream that rolls by size: once sextant.log would pass {@code maxBytes}, it
 * becomes sextant.log.1 (.1 becomes .2, up to {@code kept}; the oldest is dropped) and a new one
 * starts. So a client that makes the app log in a loop can fill at most (kept + 1) x maxBytes.
 */
final class RollingLogFile extends OutputStream {
    private final Path log;
    private final long maxBytes;
    private final int kept;
    private OutputStream out;
    private long size;

    RollingLogFile(Path log, long maxBytes, int kept) throws IOException {
        this.log = log;
        this.maxBytes = maxBytes;
        this.kept = kept;
        open();
    }

    private void open() throws IOException {
        out = new FileOutputStream(log.toFile(), true);
        size = Files.size(log);
    }

    /** sextant.log.(kept-1) -> .kept, ..., sextant.log -> .1 (the oldest is dropped). */
    static void roll(Path log, int kept) throws IOException {
        for (int i = kept - 1; i >= 1; i--) {
            Path older = log.resolveSibling(log.getFileName() + "." + i);
            if (Files.exists(older)) Files.move(older, log.resolveSibling(log.getFileName() + "." + (i + 1)), StandardCopyOption.REPLACE_EXISTING);
        }
        if (Files.exists(log)) Files.move(log, log.resolveSibling(log.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (size > 0 && size + len > maxBytes) {
            out.close();
            roll(log, kept);
            open();
        }
        out.write(b, off, len);
        size += len;
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}

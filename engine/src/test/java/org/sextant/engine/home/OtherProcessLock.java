package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A lock on a file held by another JVM until closed: what a stuck or hostile process holding a Sextant lock file does. */
final class OtherProcessLock implements AutoCloseable {
    private final Process holder;

    /** Holds {@code lockFile} locked from another process ({@code scratch}: a folder for its source); returns once it holds it. */
    OtherProcessLock(Path lockFile, Path scratch) throws Exception {
        Path source = Files.writeString(scratch.resolve("HoldLock.java"), """
                import java.nio.channels.FileChannel;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;
                public class HoldLock {
                    public static void main(String[] a) throws Exception {
                        try (FileChannel ch = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                            ch.lock();
                            System.out.println("held");
                            System.out.flush();
                            System.in.read(); // until the test closes our stdin
                        }
                    }
                }
                """);
        holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), source.toString(), lockFile.toString())
                .redirectErrorStream(true).start();
        String first = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertEquals("held", first, "the other process holds the lock");
    }

    @Override
    public void close() throws Exception {
        holder.getOutputStream().close();
        if (!holder.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) holder.destroyForcibly();
    }
}

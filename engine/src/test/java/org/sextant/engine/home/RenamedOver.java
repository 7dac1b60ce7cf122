package org.sextant.engine.home;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** What a program saving a home file does, for tests that replace one while it is read: writes a new file and renames it over. */
public final class RenamedOver {
    private int saves;

    /** Saves {@code text} as {@code file} by a rename, as the app and the settings dialog do. */
    public void save(Path file, String text) {
        try {
            Path next = Files.writeString(file.resolveSibling("." + file.getFileName() + "." + saves++ + ".tmp"), text);
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Saves so far. */
    public int saves() {
        return saves;
    }
}

package org.sextant.engine.home;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * Checks a file the app is about to write by a name from a request, by its real path: every
 * link on the way is resolved, so a link inside SEXTANT_HOME (reports/ -> /etc, a folder -> data)
 * cannot lead the write outside the home or into a folder the app owns.
 */
public final class HomePaths {
    private HomePaths() {}

    /**
     * The real path {@code target} would be written at. Refused (naming {@code field}) when it
     * leaves the home, lies in one of {@code reserved} (top-level folders of the home, lower case;
     * compared ignoring case, as macOS and Windows name files), or is itself a link.
     */
    public static Path requireWritableInside(Path home, Path target, List<String> reserved, String field, String fix) {
        try {
            Path realHome = home.toRealPath();
            Path existing = existingPart(target);
            if (existing == null) throw SextantException.invalid(field, "path " + target + " is not under SEXTANT_HOME (" + home + ")", fix);
            if (existing.equals(target) && Files.isSymbolicLink(target)) {
                throw SextantException.invalid(field, "path " + target + " is a symbolic link", fix);
            }
            Path real = realPath(target, existing);
            if (!real.startsWith(realHome) || real.equals(realHome)) {
                throw SextantException.invalid(field, "path " + target + " leads outside SEXTANT_HOME (" + realHome + ") through a link", fix);
            }
            Path rel = realHome.relativize(real);
            if (rel.getNameCount() == 1 || ownedFolder(realHome, real, reserved) != null) {
                throw SextantException.invalid(field, "path " + target + " leads into a folder the app owns (" + real.getParent() + ")", fix);
            }
            return real;
        } catch (IOException e) {
            throw SextantException.invalid(field, "cannot check path " + target + ": " + e.getMessage(), fix);
        }
    }

    /** The nearest of {@code target} and its ancestors that exists (a link counts as itself), or null. */
    public static Path existingPart(Path target) {
        Path existing = target;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) existing = existing.getParent();
        return existing;
    }

    /** The real path {@code target} has or would have: its existing part's, every link resolved, and the rest. */
    public static Path realPath(Path target, Path existing) throws IOException {
        return existing == null ? target.toAbsolutePath().normalize() : existing.toRealPath().resolve(existing.relativize(target)).normalize();
    }

    /**
     * Which of {@code owned} (top-level folders of the home, lower case) holds {@code real}; null: none. A name of another case
     * (Data) is that folder only where the file system folds case (macOS, Windows): on Linux Data is a folder of its own.
     */
    public static String ownedFolder(Path realHome, Path real, List<String> owned) {
        if (!real.startsWith(realHome) || real.equals(realHome)) return null;
        String top = realHome.relativize(real).getName(0).toString();
        String lower = top.toLowerCase(java.util.Locale.ROOT);
        if (!owned.contains(lower)) return null;
        return top.equals(lower) || foldsCase(realHome.resolve(top), realHome.resolve(lower)) ? lower : null;
    }

    /** Whether {@code named} and {@code owned}, names differing in case only, are one folder: the file system folds case. */
    static boolean foldsCase(Path named, Path owned) {
        boolean a = Files.exists(named, LinkOption.NOFOLLOW_LINKS);
        boolean b = Files.exists(owned, LinkOption.NOFOLLOW_LINKS);
        if (a != b) return false; // one is there and the other not: case counts
        if (!a) {
            // neither there yet: as the system's file systems do by default
            String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
            return os.contains("mac") || os.contains("win");
        }
        try {
            return Files.isSameFile(named, owned);
        } catch (java.io.IOException e) {
            return true; // cannot tell: refused, as the owned folder would be
        }
    }
}

package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The JDK (and Jackson) calls that create, change or delete a file, or start a process (which may). Conservative where the
 * call alone cannot tell (FileChannel.open, RandomAccessFile, Files.newByteChannel count as
 * writes whatever their options).
 */
final class FileWriteApi {
    private static final Map<String, Set<String>> METHODS = Map.of(
            "java.nio.file.Files", Set.of("write", "writeString", "newOutputStream", "newBufferedWriter", "copy",
                    "move", "createFile", "createDirectory", "createDirectories", "createTempFile",
                    "createTempDirectory", "delete", "deleteIfExists", "setAttribute", "setPosixFilePermissions",
                    "setLastModifiedTime", "setOwner", "createLink", "createSymbolicLink", "newByteChannel"),
            "java.nio.channels.FileChannel", Set.of("open"),
            "java.nio.channels.AsynchronousFileChannel", Set.of("open"),
            "java.nio.file.spi.FileSystemProvider", Set.of("newOutputStream", "newByteChannel", "newFileChannel",
                    "newAsynchronousFileChannel", "createDirectory", "delete", "deleteIfExists", "move", "copy"),
            "java.io.File", Set.of("createNewFile", "delete", "deleteOnExit", "mkdir", "mkdirs", "renameTo",
                    "setWritable", "setReadable", "setExecutable", "setLastModified", "setReadOnly",
                    "createTempFile"),
            "java.io.FileOutputStream", Set.of("<init>"),
            "java.io.FileWriter", Set.of("<init>"),
            "java.io.RandomAccessFile", Set.of("<init>"));

    /** Files written by a library or another process: a log handler, a process, a zip file system, a flight recording. */
    private static final Map<String, Set<String>> INDIRECT = Map.of(
            "java.util.logging.FileHandler", Set.of("<init>"),
            // a process may write any file (redirects, its own code): conservative
            "java.lang.ProcessBuilder", Set.of("start", "startPipeline", "redirectOutput", "redirectError"),
            "java.lang.Runtime", Set.of("exec"),
            // a zip file system with create=true makes the file
            "java.nio.file.FileSystems", Set.of("newFileSystem"),
            "jdk.jfr.Recording", Set.of("dump", "setDestination"),
            "javax.imageio.ImageIO", Set.of("createImageOutputStream"));

    /** Constructors that open a file when their first parameter names one. */
    private static final Set<String> FILE_NAMED_WRITERS = Set.of("java.io.PrintWriter", "java.io.PrintStream",
            "java.util.Formatter");

    static final Predicate<AccessTarget.CodeUnitAccessTarget> MATCHER = FileWriteApi::writes;

    private FileWriteApi() {}

    static boolean writes(AccessTarget.CodeUnitAccessTarget t) {
        String owner = t.getOwner().getName();
        String name = t.getName();
        if (METHODS.getOrDefault(owner, Set.of()).contains(name) || INDIRECT.getOrDefault(owner, Set.of()).contains(name)) return true;
        List<JavaClass> params = t.getRawParameterTypes();
        String first = params.isEmpty() ? "" : params.get(0).getName();
        if (FILE_NAMED_WRITERS.contains(owner) && name.equals("<init>")
                && (first.equals("java.io.File") || first.equals("java.lang.String"))) {
            return true;
        }
        boolean fileParam = params.stream().anyMatch(p -> p.getName().equals("java.io.File") || p.getName().equals("java.nio.file.Path"));
        if (owner.equals("javax.imageio.ImageIO") && name.equals("write") && fileParam) return true;
        boolean jackson = owner.startsWith("tools.jackson.") || owner.startsWith("com.fasterxml.jackson.");
        return jackson && Set.of("writeValue", "writeValues", "createGenerator").contains(name) && fileParam;
    }
}

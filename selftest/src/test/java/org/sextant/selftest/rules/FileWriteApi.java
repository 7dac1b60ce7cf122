package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The JDK (and Jackson) calls that create, change or delete a file. Conservative where the
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

    /** Constructors that open a file when their first parameter names one. */
    private static final Set<String> FILE_NAMED_WRITERS = Set.of("java.io.PrintWriter", "java.io.PrintStream",
            "java.util.Formatter");
    private static final Set<String> JACKSON_WRITERS = Set.of("tools.jackson.databind.ObjectMapper",
            "tools.jackson.databind.ObjectWriter", "com.fasterxml.jackson.databind.ObjectMapper",
            "com.fasterxml.jackson.databind.ObjectWriter");
    private static final Set<String> FILE_TYPES = Set.of("java.io.File", "java.nio.file.Path", "java.lang.String");

    static final Predicate<AccessTarget.CodeUnitAccessTarget> MATCHER = FileWriteApi::writes;

    private FileWriteApi() {}

    static boolean writes(AccessTarget.CodeUnitAccessTarget t) {
        String owner = t.getOwner().getName();
        String name = t.getName();
        if (METHODS.getOrDefault(owner, Set.of()).contains(name)) return true;
        List<JavaClass> params = t.getRawParameterTypes();
        String first = params.isEmpty() ? "" : params.get(0).getName();
        if (FILE_NAMED_WRITERS.contains(owner) && name.equals("<init>")
                && (first.equals("java.io.File") || first.equals("java.lang.String"))) {
            return true;
        }
        return JACKSON_WRITERS.contains(owner) && name.equals("writeValue") && FILE_TYPES.contains(first)
                && !first.equals("java.lang.String");
    }
}

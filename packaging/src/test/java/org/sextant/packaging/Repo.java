package org.sextant.packaging;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the built project is: the end-to-end tests run its real start scripts. */
final class Repo {
    private Repo() {}

    static Path root() {
        String p = System.getProperty("sextant.repo");
        Path root = (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize();
        if (!Files.isExecutable(root.resolve("bin/sextant"))) throw new IllegalStateException("no bin/sextant under " + root);
        return root;
    }

    static Path clients() {
        Path c = root().resolve("packaging/target/mcp-clients");
        if (!Files.isExecutable(c.resolve("node_modules/.bin/node"))) {
            throw new IllegalStateException("MCP test clients missing: run packaging/src/test/clients/install.sh (the build does it in pre-integration-test)");
        }
        return c;
    }

    static Path node() {
        return clients().resolve("node_modules/.bin/node");
    }
}

package org.sextant.mcp.tools;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Which category tools/list shows (launcher memory only; one focus per launcher process). Calls
 * are never filtered: a tool hidden by the focus still answers when called by name.
 */
public final class Focus {
    private final AtomicReference<String> category = new AtomicReference<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public Optional<String> category() {
        return Optional.ofNullable(category.get());
    }

    /** The server registers here to send tools/list_changed. */
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    /** Returns true when the focus changed (and listeners were told). */
    boolean set(String newCategory) {
        String old = category.getAndSet(newCategory);
        boolean changed = !java.util.Objects.equals(old, newCategory);
        if (changed) listeners.forEach(Runnable::run);
        return changed;
    }

    public boolean listed(LauncherTool tool) {
        String c = category.get();
        return c == null || tool.category().equals(Categories.CORE) || tool.category().equals(c);
    }
}

package dev.probe.core.redo;

import dev.probe.core.params.Mode;
import dev.probe.core.params.SessionSpec;
import dev.probe.core.params.TestParams;
import dev.probe.core.server.ServerConfig;
import dev.probe.core.server.SessionConnection;
import dev.probe.core.server.SessionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.ChannelHandler;
import java.nio.file.Path;

/**
 * The server's side of redo-style tests (HELLO kind "test", sync or async): each connection gets a
 * {@link RedoServerHandler}, with a {@link DiskWriter} to its own file beside {@code --file} when the test
 * asks for forced writes.
 */
public final class RedoKind implements SessionKind {
    private final Path file;
    private final long fileSize;

    public RedoKind(ServerConfig config) {
        this.file = config.file();
        this.fileSize = config.fileSize();
    }

    @Override
    public String name() {
        return "test";
    }

    @Override
    public SessionSpec parse(ObjectNode params) {
        return TestParams.fromJson(params);
    }

    @Override
    public ChannelHandler handler(SessionConnection c) {
        TestParams params = (TestParams) c.session().spec();
        DiskWriter disk = null;
        if (params.write()) {
            Path own = file.resolveSibling(file.getFileName() + "." + c.session().shortId() + "." + c.index());
            disk = new DiskWriter(c.diskQueue(), c.channel(), c.gate(), own, fileSize, params.mode() == Mode.SYNC);
        }
        return new RedoServerHandler(c, disk);
    }
}

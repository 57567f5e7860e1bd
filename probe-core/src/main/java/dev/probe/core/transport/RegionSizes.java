package dev.probe.core.transport;

import io.netty.channel.DefaultMessageSizeEstimator;
import io.netty.channel.FileRegion;
import io.netty.channel.MessageSizeEstimator;

/**
 * Counts a {@link FileRegion}'s bytes toward a channel's write buffer, as a buffer's are (Netty's default counts a
 * region as nothing, so a sender of regions would never see the channel turn unwritable and would queue without
 * bound). Both ends' channels use it: generated content and stored pieces go out as regions.
 */
public final class RegionSizes implements MessageSizeEstimator {
    public static final RegionSizes INSTANCE = new RegionSizes();
    private static final Handle DEFAULT = DefaultMessageSizeEstimator.DEFAULT.newHandle();
    private static final Handle HANDLE = msg -> msg instanceof FileRegion r
            ? (int) Math.min(Integer.MAX_VALUE, r.count()) : DEFAULT.size(msg);

    private RegionSizes() {
    }

    @Override
    public Handle newHandle() {
        return HANDLE;
    }
}

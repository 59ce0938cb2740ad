"""Sharding for large bots: one AutoShardedClient runs every shard (or a chosen few)."""

from __future__ import annotations

from tests.discord.conftest import running_bot
from tests.fakes.discord_server import GUILD, OTHER_GUILD


async def answered(fake, guild):
    ex = await fake.slash("remember", {"text": f"{guild.name} deploys on Fridays"}, guild=guild)
    await fake.callback_for(ex)
    return (await fake.followup_for(ex)).body["content"]


async def test_guilds_are_split_over_two_shards_and_both_are_answered(fake, memory):
    assert GUILD.shard(2) != OTHER_GUILD.shard(2)
    async with running_bot(fake, memory, shards=2, shard_count=2) as bot:
        assert sorted(i["shard"] for i in fake.identifies) == [[0, 2], [1, 2]]
        assert sorted(bot.shards) == [0, 1]
        assert bot.get_guild(GUILD.id).shard_id == GUILD.shard(2)
        assert bot.get_guild(OTHER_GUILD.id).shard_id == OTHER_GUILD.shard(2)
        assert await answered(fake, GUILD) == "🧠 Saved to memory."
        assert await answered(fake, OTHER_GUILD) == "🧠 Saved to memory."


async def test_without_a_shard_count_discord_recommends_one_and_the_gateway_proxy_is_used(
    fake, memory
):
    fake.recommended_shards = 2
    async with running_bot(fake, memory, shards=2, gateway_url=fake.gateway_url) as bot:
        assert fake.calls_to("GET", "/gateway/bot")
        assert bot.shard_count == 2
        assert len(fake.identifies) == 2


async def test_one_process_can_run_some_of_the_shards(fake, memory):
    async with running_bot(fake, memory, shards=1, shard_count=2, shard_ids=[1]) as bot:
        assert [i["shard"] for i in fake.identifies] == [[1, 2]]
        assert bot.get_guild(OTHER_GUILD.id if OTHER_GUILD.shard(2) == 1 else GUILD.id)

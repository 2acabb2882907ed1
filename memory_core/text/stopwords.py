"""Function words dropped from queries (English and Chinese). Documents keep them: BM25's IDF
already discounts them there, but OR-queries made of them only add noise."""

from __future__ import annotations

STOPWORDS: frozenset[str] = frozenset("""
a an the and or but if then else of to in on at by for with from about as into onto over under
is are was were be been being am do does did doing have has had having can could would should will
shall may might must i me my mine myself we us our ours you your yours he him his she her hers it
its they them their theirs this that these those there here what which who whom whose when where why
how all any some no not nor so than too very just also only own same such both each few more most
other s t don didn doesn isn aren wasn weren won wouldn couldn shouldn ve ll re d m o y
what's where's who's how's it's i'm i've i'd i'll you're that's there's let's
tell please remember remind know think recall ever last time before after ago
的 了 是 我 你 他 她 它 们 我们 你们 在 和 与 吗 呢 吧 啊 呀 哦 嗯 就 都 也 还 又 很 太 把 被
给 让 对 从 到 这 那 这个 那个 这些 那些 有 没有 没 不 要 会 能 可以 想 一个 一下 什么 怎么
哪 哪里 哪个 谁 为什么 多少 几 前 后 之前 以前 之后 以后 时候 最近 现在 记得 告诉 请问 一 个 上 下 里 过 着
""".split())

"""The acceptance stories as payloads (tests import them)."""

from __future__ import annotations

from tests.helpers import DAY, T0, chat

#: The design's worked example as written: day 1 is a first-person statement joined to a question
#: by a comma / dash, read clause by clause (the question clause yields no claim).
KITCHEN_ZH = [
    chat("k1", "user", "我想用新的高压锅煲汤，有什么专为高压锅设计的食谱吗？", T0, "k1u"),
    chat("k1", "assistant", "当然！高压锅煲汤很方便，可以试试排骨莲藕汤、鸡汤……", T0 + 30, "k1a"),
    chat("k2", "user", "我新买了一个空气炸锅，我觉得它很好用", T0 + DAY, "k2u"),
    chat("k2", "assistant", "空气炸锅可以做炸鸡翅、薯条……", T0 + DAY + 30, "k2a"),
    chat("k3", "user", "我买了一个电饭煲，有什么推荐的食谱吗？", T0 + 2 * DAY, "k3u"),
    chat("k3", "assistant", "电饭煲可以做煲仔饭、蛋糕……", T0 + 2 * DAY + 30, "k3a"),
]
KITCHEN_EN = [
    chat("e1", "user", "I want to make soup with my new pressure cooker — any recipes designed for it?",
         T0, "e1u"),
    chat("e1", "assistant", "Sure! Pressure-cooker bone broth, chicken soup ...", T0 + 30, "e1a"),
    chat("e2", "user", "I just bought an air fryer, can you recommend recipes?", T0 + DAY, "e2u"),
    chat("e2", "assistant", "Air fryer wings, fries ...", T0 + DAY + 30, "e2a"),
    chat("e3", "user", "I bought a rice cooker, any recommended recipes?", T0 + 2 * DAY, "e3u"),
    chat("e3", "assistant", "Rice cooker cake, claypot rice ...", T0 + 2 * DAY + 30, "e3a"),
]
#: The same story with every statement its own sentence (must answer the same way).
KITCHEN_ZH_SPLIT = [
    chat("k1", "user", "我想用新的高压锅煲汤。有什么专为高压锅设计的食谱吗？", T0, "k1u"),
    *KITCHEN_ZH[1:4],
    chat("k3", "user", "我买了一个电饭煲。有什么推荐的食谱吗？", T0 + 2 * DAY, "k3u"),
    KITCHEN_ZH[5],
]
KITCHEN_EN_SPLIT = [
    chat("e1", "user", "I'm making soup with my new pressure cooker. Any recipes designed for it?", T0, "e1u"),
    KITCHEN_EN[1],
    chat("e2", "user", "I just bought an air fryer, I find it really handy. Any recipes you recommend?",
         T0 + DAY, "e2u"),
    KITCHEN_EN[3],
    chat("e3", "user", "I bought a rice cooker. Any recommended recipes?", T0 + 2 * DAY, "e3u"),
    KITCHEN_EN[5],
]
KITCHEN_QUESTION_ZH = "我在买空气炸锅前买了什么厨房家电？"
KITCHEN_QUESTION_EN = "What kitchen appliance did I buy before the air fryer?"

MOVE = [
    chat("m1", "user", "I live in Shanghai.", T0, "m1u"),
    chat("m2", "user", "I moved to Jiaxing last month.", T0 + 30 * DAY, "m2u"),
]

STRESS = [chat("t1", "user", "I'm very stressed today", T0, "t1u")]

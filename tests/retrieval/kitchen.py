"""The design's worked example as a haystack: three days of chat, the assistant's recipe replies
included (they mention appliances and "buy" a lot — exactly the distraction the design warns of),
plus unrelated days before and after."""

from __future__ import annotations

from tests.helpers import DAY, T0, chat

EN = [
    ("s0", "user", "I went hiking at the lake with my sister this weekend.", -3 * DAY),
    ("s0", "assistant", "That sounds lovely! Lakeside hikes are great in spring.", -3 * DAY + 60),
    ("s1", "user", "I want to make soup with my new pressure cooker — any recipes designed for pressure cookers?", 0),
    ("s1", "assistant", "Great idea! Pressure cookers are perfect for soups. 1) Chicken noodle soup: brown the "
                        "chicken, add broth, pressure cook for 10 minutes. 2) Beef stew: sear the beef, add potatoes "
                        "and carrots, 35 minutes on high pressure. 3) Lentil soup: 15 minutes. If you bought the "
                        "cooker recently, read the manual about the release valve. Enjoy your new kitchen appliance!", 60),
    ("s1", "user", "Thanks, I'll try the lentil soup tonight.", 120),
    ("s2", "user", "I just bought an air fryer, I think it's great. Any recipes you'd recommend?", DAY),
    ("s2", "assistant", "Congrats on buying an air fryer! Try crispy chicken wings, roasted vegetables and salmon. "
                        "Preheat to 200C and shake the basket halfway. Air fryers are the most popular kitchen "
                        "appliance people buy these days, and many people bought one before a rice cooker.", DAY + 60),
    ("s3", "user", "I bought a rice cooker. Any recommended recipes?", 2 * DAY),
    ("s3", "assistant", "Rice cookers do much more than rice: congee, steamed cakes, one-pot chicken rice. A rice "
                        "cooker is a versatile kitchen appliance to buy; rinse the rice first.", 2 * DAY + 60),
    ("s4", "user", "My sister is visiting next month, we plan to go to a concert.", 4 * DAY),
]
EN_QUESTION = "What kitchen appliance did I buy before the air fryer?"

ZH = [
    ("s0", "user", "周末我和姐姐去湖边徒步了。", -3 * DAY),
    ("s0", "assistant", "听起来很惬意！春天去湖边徒步很舒服。", -3 * DAY + 60),
    ("s1", "user", "我想用新的高压锅煲汤，有什么专为高压锅设计的食谱吗？", 0),
    ("s1", "assistant", "用高压锅煲汤非常方便！推荐几道：1）莲藕排骨汤：排骨焯水后和莲藕一起放入高压锅，上汽后压25分钟。"
                        "2）番茄牛腩汤：牛腩切块，加番茄和洋葱，压30分钟。3）玉米胡萝卜鸡汤：压20分钟。"
                        "刚买的高压锅记得先看说明书，注意排气阀。高压锅是很好用的厨房家电。", 60),
    ("s1", "user", "谢谢，今晚先试试莲藕排骨汤。", 120),
    ("s2", "user", "我新买了一个空气炸锅，我觉得它很好用，你有什么推荐的食谱吗？", DAY),
    ("s2", "assistant", "空气炸锅很适合做：1）奥尔良鸡翅：200度烤20分钟，中途翻面。2）薯条：180度炸15分钟。"
                        "3）烤蔬菜。买空气炸锅的人越来越多，它是很受欢迎的厨房家电，很多人在买电饭煲之前先买它。", DAY + 60),
    ("s3", "user", "我买了一个电饭煲，有什么推荐的食谱吗？", 2 * DAY),
    ("s3", "assistant", "电饭煲除了煮饭还能做腊肠煲仔饭、电饭煲蛋糕、南瓜小米粥。电饭煲是很实用的厨房家电，买一个很值得。",
     2 * DAY + 60),
    ("s4", "user", "下个月姐姐来看我，我们打算去听音乐会。", 4 * DAY),
]
ZH_QUESTION = "我在买空气炸锅前买了什么厨房家电？"

QUESTION_TIME = T0 + 5 * DAY


def payloads(rows) -> list[dict]:
    return [chat(s, r, c, T0 + t, mid=f"{s}-{i}") for i, (s, r, c, t) in enumerate(rows)]

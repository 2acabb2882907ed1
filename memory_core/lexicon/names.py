"""Name knowledge for the offline extractor: well-known organisations, places, vehicle brands
and models, health conditions, and the generic nouns that are never a name.

Why a list at all: English names are found by capitalisation and Chinese names by jieba's
part-of-speech tags (``extraction/names.py``), but both misfire on exactly the names people
chat about most — jieba tags 京东 as a place and 华为 as a person, and "Target" or "Oracle"
open a sentence like any other word. These lists only *type* a span the segmentation found (or
confirm a slot the statement patterns cut out); they are not the recogniser. Kept apart from
``categories.py`` on purpose: the category lexicon also drives retrieval's category expansion,
and "company" is not a category a question about kitchen appliances should reach.
Plain data, lower case, easy to extend.
"""

from __future__ import annotations

import re

ORGANIZATIONS: frozenset[str] = frozenset({
    # Chinese companies and institutions (as written in chat)
    "tcl", "三一重工", "汇川技术", "联影医疗", "中建三局", "药明康德", "老乡鸡", "良品铺子", "三只松鼠", "周黑鸭", "周大福",
    "极兔速递", "极兔", "宁波银行", "杭州银行", "上海银行", "北京银行", "江苏银行", "国家电投",
    "叮咚买菜", "盒马鲜生", "美团优选", "多多买菜", "阿里巴巴", "阿里", "腾讯", "百度", "京东", "美团", "拼多多", "网易", "华为", "小米", "字节跳动", "字节",
    "快手", "滴滴", "大疆创新", "携程", "联想", "大疆", "蔚来", "小鹏", "理想汽车", "比亚迪", "宁德时代", "顺丰", "中兴",
    "海尔", "格力", "美的", "招商银行", "工商银行", "建设银行", "中国银行", "农业银行", "平安", "中国平安",
    "中国移动", "中国联通", "中国电信", "国家电网", "中国石化", "中石化", "中国石油", "中石油", "蚂蚁集团",
    "蚂蚁金服", "微软", "谷歌", "苹果公司", "亚马逊", "特斯拉公司", "三星", "索尼", "英特尔", "宜家", "星巴克",
    "麦当劳", "肯德基", "哔哩哔哩", "b站", "知乎", "微博", "新浪", "搜狐", "爱奇艺", "优酷", "得物", "贝壳",
    "链家", "海康威视", "商汤", "旷视", "科大讯飞", "米哈游", "网易游戏", "拼多多", "shein", "oppo", "vivo",
    # chains whose name holds a shorter listed one (华润万家 is not 华润)
    "华润万家", "永辉超市", "物美", "大润发",
    "荣耀", "一加", "吉利", "长城汽车", "长安汽车", "上汽", "广汽", "奇瑞", "德勤", "普华永道", "安永", "毕马威",
    "麦肯锡", "新东方", "好未来", "猿辅导", "作业帮", "饿了么", "盒马", "淘宝", "天猫", "支付宝", "微信",
    # English-speaking world
    "google", "microsoft", "apple", "amazon", "meta", "facebook", "netflix", "spotify", "tesla", "intel",
    "amd", "nvidia", "ibm", "oracle", "cisco", "salesforce", "adobe", "uber", "lyft", "airbnb", "stripe",
    "shopify", "deloitte", "accenture", "pwc", "kpmg", "ey", "mckinsey", "goldman sachs", "jpmorgan",
    "morgan stanley", "walmart", "target", "costco", "starbucks", "mcdonald's", "nike", "adidas", "boeing",
    "pfizer", "moderna", "nasa", "ikea", "samsung", "sony", "toyota", "honda", "ford", "general motors",
    "linkedin", "twitter", "openai", "anthropic", "atlassian", "zoom", "slack", "dropbox", "paypal",
    "wayfair", "kroger", "walgreens", "cvs", "verizon", "at&t", "bytedance", "tiktok", "alibaba",
    "tencent", "baidu", "huawei", "xiaomi", "capital one", "wells fargo", "bank of america", "citibank",
    "deutsche bank", "hsbc", "barclays", "unilever", "nestle", "pixar", "disney", "trader joe's",
    "infosys", "wipro", "tcs", "tata consultancy services", "cognizant", "capgemini", "genentech", "lloyds",
    "nhs", "bbc", "canva", "telstra", "qantas", "tesco", "sainsbury's", "bupa", "aviva", "vodafone",
    # Chinese chains, shops, platforms and employers chat names (unambiguous as words: no 全家, 李宁)
    "海底捞", "喜茶", "瑞幸", "奈雪", "蜜雪冰城", "茶颜悦色", "霸王茶姬", "库迪", "西贝", "必胜客", "汉堡王",
    "赛百味", "华莱士", "塔斯汀", "屈臣氏", "优衣库", "无印良品", "名创优品", "沃尔玛", "家乐福", "永辉", "大润发",
    "罗森", "便利蜂", "美宜佳", "泡泡玛特", "元气森林", "农夫山泉", "娃哈哈", "伊利", "蒙牛", "安踏", "特步",
    "波司登", "海信", "创维", "方太", "九阳", "苏泊尔", "京东方", "立讯精密", "富士康", "中芯国际", "紫光",
    "浪潮", "用友", "金山", "完美世界", "莉莉丝", "叠纸", "三七互娱", "唯品会", "苏宁", "国美", "当当", "中通",
    "圆通", "韵达", "申通", "极兔", "国航", "东航", "南方航空", "海南航空", "春秋航空", "中信", "中金", "华泰",
    # the big banks as chat shortens them (我在招行做客户经理)
    "招行", "工行", "建行", "农行", "交行", "中行",
    "交通银行", "浦发银行", "兴业银行", "民生银行", "光大银行", "中信银行", "微众银行", "网商银行", "中国人寿",
    "人保", "太平洋保险", "东方财富", "同花顺", "陆金所", "58同城", "自如", "途牛", "去哪儿", "飞猪", "同程",
    "马蜂窝", "大众点评", "哈啰", "高德", "搜狗", "奇虎", "陌陌", "探探", "今日头条", "虎牙", "斗鱼", "万科",
    "碧桂园", "恒大", "融创", "龙湖", "华润", "保利", "中建", "中铁", "中交", "中国建筑", "南方电网", "中国邮政",
    # English-speaking chains and employers (no "subway", "chase", "united": words or first names)
    "chipotle", "whole foods", "safeway", "publix", "best buy", "home depot", "lowe's", "macy's", "nordstrom",
    "sephora", "ulta", "zara", "h&m", "uniqlo", "fedex", "ups", "usps", "dhl", "jetblue", "kaiser",
    "mayo clinic", "cleveland clinic", "dunkin'", "dunkin", "panera", "chick-fil-a", "taco bell", "wendy's",
    "burger king", "in-n-out", "five guys", "shake shack", "domino's", "pizza hut", "kfc", "popeyes", "etsy",
    "ebay", "instacart", "doordash", "grubhub", "peloton", "robinhood", "coinbase", "palantir", "databricks",
    "intuit", "vmware", "dell", "lenovo", "qualcomm", "broadcom", "lockheed martin", "raytheon", "siemens",
    "bosch", "bain", "bcg", "ernst & young", "jp morgan", "citigroup", "blackrock", "fidelity", "vanguard",
    "charles schwab", "state farm", "geico", "allstate", "aetna", "cigna", "humana", "unitedhealth", "rite aid",
    "johnson & johnson", "merck", "novartis", "astrazeneca", "warner bros", "paramount", "nbc", "cnn", "hbo",
    "riot games", "epic games", "blizzard", "ubisoft", "nintendo", "roblox", "reddit", "pinterest", "twitch",
})

#: universities chat names without a head word (organisations; a school when left or attended)
SCHOOLS: frozenset[str] = frozenset({
    "harvard", "yale", "princeton", "stanford", "mit", "caltech", "berkeley", "ucla", "usc", "nyu", "columbia",
    "cornell", "duke", "brown", "dartmouth", "upenn", "penn", "georgetown", "northwestern", "purdue", "rutgers",
    "georgia tech", "ohio state", "penn state", "oxford", "cambridge", "imperial", "lse", "mcgill", "uoft",
    "北大", "清华", "复旦", "浙大", "交大", "南大", "武大", "中大", "人大", "北师大", "同济", "南开", "厦大", "川大",
    # common abbreviations of Chinese universities (a word of their own in chat: 在北邮读研)
    "北邮", "北航", "北理工", "北理", "北科大", "北外", "北交大", "北林", "北中医", "央财", "中财", "贸大", "对外经贸",
    "中传", "北影", "北体", "上交", "上交大", "上财", "上外", "华师大", "华东师大", "华科", "华中科大", "华南理工", "华师", "华农", "中科大", "国科大", "哈工大", "哈工程", "西交", "西交大", "西工大", "西电", "电子科大",
    "成电", "吉大", "兰大", "苏大", "南航", "南理工", "南师大", "河海", "湖大", "郑大", "云大", "广外", "暨大", "深大", "港大", "港中文", "港科大", "港理工", "台大", "中农",
    "北工大", "浙工大", "杭电", "福大", "南昌大学", "合工大", "西南交大", "西财",
    "cmu", "uiuc", "umich", "ucsd", "uc davis", "uc irvine", "ucsb", "gatech", "jhu", "johns hopkins", "vanderbilt",
    "notre dame", "emory", "tufts", "uw", "ut austin", "nyu stern", "wharton", "eth", "epfl", "kaist", "nus", "ntu",
})

#: generic organisation heads: a name ending in one is an organisation ("Lincoln High School",
#: 协和医院), while the head alone is a generic noun (below)
ORG_HEADS_EN: tuple[str, ...] = (
    "university", "college", "school", "academy", "institute", "hospital", "clinic", "bank", "inc",
    "corp", "corporation", "group", "labs", "lab", "airlines", "motors", "foundation", "company",
    "co", "llc", "ltd", "studios", "elementary", "high", "state", "tech", "medical center", "capital",
)
ORG_HEADS_ZH: tuple[str, ...] = (
    "大学", "学院", "中学", "小学", "高中", "初中", "幼儿园", "医院", "银行", "公司", "集团", "科技", "证券",
    "保险", "研究所", "研究院", "实验室", "事务所", "工作室", "基金", "汽车", "电气", "电网", "石化",
    "航空", "传媒", "控股", "有限", "研究中心", "出版社", "报社", "电视台", "局", "厅", "委员会",
    "物流", "快递", "网络", "软件", "电子", "地产", "金融", "资本", "医疗", "教育", "文化", "游戏", "云", "电商",
    "商城", "影业", "动力", "能源", "制药", "药业", "生物", "半导体", "信息", "通信", "数据", "智能",
    # numbered and attached schools (杭州二中, 华师大附中), couriers (顺丰速运)
    "附中", "附小", "一中", "二中", "三中", "四中", "五中", "六中", "七中", "八中", "九中", "十中", "外国语学校",
    "实验学校", "速运",
    # industries a company's name ends with (正泰电器, 三一重工, 伊利乳业)
    "电器", "重工", "股份", "实业", "百货", "食品", "乳业", "建设", "建工", "化工", "钢铁", "电力", "机械", "光电",
    "置业", "咨询", "投资", "医药", "互动", "设计",
)

#: China's prefecture-level cities (and prefectures) not listed elsewhere, so a city jieba does
#: not tag is still a place (河南信阳, 湖南岳阳, which it cuts 湖 / 南岳 / 阳). Left out: names
#: that are mostly common words or other things in chat (大同, 长治, 朝阳, 黄山, 泰安, 中山, 北海,
#: 普洱, 安康, 白银, 来宾, 开封, 包头 as in 包头巾, 德州 as in 德州扑克, 攀枝花, 天水, 武威, 中卫, 山南, 河池, 河源, 黑河, 白山).
ZH_CITIES: frozenset[str] = frozenset("""
石家庄 唐山 秦皇岛 邯郸 邢台 保定 张家口 承德 沧州 廊坊 衡水 太原 阳泉 晋城 朔州 晋中 运城 忻州 临汾 吕梁
呼和浩特 乌海 赤峰 通辽 鄂尔多斯 呼伦贝尔 巴彦淖尔 乌兰察布 沈阳 大连 鞍山 抚顺 本溪 丹东 锦州 营口 阜新
辽阳 盘锦 铁岭 葫芦岛 长春 四平 辽源 通化 松原 白城 延边 哈尔滨 齐齐哈尔 鸡西 鹤岗 双鸭山 大庆 伊春 佳木斯
七台河 牡丹江 绥化 无锡 徐州 常州 南通 连云港 淮安 盐城 扬州 镇江 泰州 宿迁 宁波 温州 湖州 绍兴 金华 衢州
舟山 台州 丽水 合肥 芜湖 蚌埠 淮南 马鞍山 淮北 铜陵 安庆 滁州 阜阳 宿州 六安 亳州 池州 宣城 福州 厦门 莆田
三明 泉州 漳州 南平 龙岩 宁德 南昌 景德镇 萍乡 九江 新余 鹰潭 赣州 吉安 宜春 抚州 上饶 济南 青岛 淄博 枣庄
东营 烟台 潍坊 济宁 威海 日照 临沂 聊城 滨州 菏泽 郑州 洛阳 平顶山 安阳 鹤壁 新乡 焦作 濮阳 许昌 漯河 三门峡
南阳 商丘 信阳 周口 驻马店 黄石 十堰 宜昌 襄阳 鄂州 荆门 孝感 荆州 黄冈 咸宁 随州 恩施 长沙 株洲 湘潭 衡阳
邵阳 岳阳 常德 张家界 益阳 郴州 永州 怀化 娄底 湘西 韶关 珠海 汕头 佛山 江门 湛江 茂名 肇庆 惠州 梅州 汕尾
阳江 清远 东莞 潮州 揭阳 云浮 南宁 柳州 桂林 梧州 防城港 钦州 贵港 玉林 百色 贺州 崇左 海口 三亚 三沙 儋州
自贡 泸州 德阳 绵阳 广元 遂宁 内江 乐山 南充 眉山 宜宾 广安 达州 雅安 巴中 资阳 贵阳 六盘水 遵义 安顺 毕节
铜仁 昆明 曲靖 玉溪 保山 昭通 丽江 临沧 大理 西双版纳 拉萨 日喀则 昌都 林芝 那曲 铜川 宝鸡 咸阳 渭南 延安
汉中 榆林 商洛 兰州 嘉峪关 金昌 张掖 平凉 酒泉 庆阳 定西 陇南 西宁 海东 银川 石嘴山 吴忠 固原 乌鲁木齐
克拉玛依 吐鲁番 哈密 喀什 伊犁 阿克苏""".split())

#: districts and neighbourhoods of China's largest cities, where a user says they live (搬到闵行了,
#: 徐汇这边租的老房子): jieba tags many as a person's name (闵行, 徐汇: nr). Left out: those that are
#: mostly common words or other things in chat (白云, 光明, 和平, 长安, 金牛, 六合, 青山, 高新,
#: 上城, 集美, 红桥, 河东, 河西, 南岸, 江岸, 大兴 as in 大兴土木, 怀柔, 金山, 湖里, 南开, 花都 as in
#: 那些花都是, 从化 as in 从化学角度)
ZH_DISTRICTS: frozenset[str] = frozenset("""
浦东 浦西 徐汇 静安 黄浦 长宁 普陀 虹口 杨浦 闵行 宝山 嘉定 松江 青浦 奉贤 崇明 陆家嘴 张江 徐家汇 五角场 莘庄
海淀 丰台 通州 顺义 昌平 房山 石景山 门头沟 平谷 密云 延庆 望京 回龙观 天通苑 中关村 五道口 亦庄
天河 越秀 海珠 荔湾 番禺 南沙 黄埔 增城 珠江新城
福田 罗湖 南山 宝安 龙岗 龙华 盐田 坪山 前海 蛇口
西湖 拱墅 滨江 萧山 余杭 临平 富阳 钱塘区
武侯 青羊 锦江区 成华 双流 郫都 温江 龙泉驿
鼓楼 玄武区 秦淮 建邺 栖霞 雨花台 江宁 浦口 仙林
江汉 硚口 汉阳 武昌 洪山 光谷 汉口
雁塔 碑林 曲江
渝中 沙坪坝 九龙坡 渝北
思明 姑苏 吴中 相城""".split())

#: places beyond the category lexicon's cities: countries, regions, states and more cities
PLACES: frozenset[str] = ZH_CITIES | ZH_DISTRICTS | frozenset({
    "china", "japan", "korea", "usa", "america", "canada", "mexico", "uk", "england", "scotland",
    "ireland", "france", "germany", "italy", "spain", "portugal", "netherlands", "sweden", "norway",
    "iceland", "australia", "new zealand", "india", "thailand", "vietnam", "singapore", "brazil",
    "kenya", "egypt", "california", "texas", "florida", "ohio", "oregon", "washington", "new jersey",
    "colorado", "arizona", "georgia", "michigan", "massachusetts", "brooklyn", "queens", "manhattan",
    "portland", "denver", "austin", "dallas", "houston", "miami", "atlanta", "phoenix", "san diego",
    "philadelphia", "detroit", "minneapolis", "nashville", "vancouver", "montreal", "melbourne",
    "dublin", "lisbon", "madrid", "barcelona", "rome", "milan", "amsterdam", "munich", "vienna",
    "prague", "nairobi", "dubai", "bangkok", "hanoi", "mumbai", "delhi", "tampa", "tucson", "boulder",
    # the world's large cities chat names (typed as places when a pattern needs a listed one, and
    # the names a lower-case line gets its capitals back for: extraction/truecase)
    "london", "new york", "chicago", "seattle", "boston", "paris", "berlin", "tokyo", "toronto", "sydney",
    "los angeles", "san francisco", "san jose", "oakland", "sacramento", "las vegas", "salt lake city",
    "pittsburgh", "baltimore", "cleveland", "cincinnati", "indianapolis", "milwaukee", "kansas city",
    "st louis", "new orleans", "charlotte", "raleigh", "orlando", "honolulu", "albuquerque", "san antonio",
    "memphis", "louisville", "providence", "buffalo", "spokane", "boise", "omaha", "ottawa", "calgary",
    "edmonton", "winnipeg", "halifax", "manchester", "birmingham", "liverpool", "leeds", "bristol", "glasgow",
    "edinburgh", "cardiff", "belfast", "brighton", "sheffield", "nottingham", "cork", "galway", "brisbane",
    "perth", "adelaide", "hobart", "canberra", "auckland", "wellington", "christchurch", "gold coast", "pune",
    "bengaluru", "bangalore", "hyderabad", "chennai", "kolkata", "jaipur", "ahmedabad", "karachi", "lahore",
    "dhaka", "kathmandu", "colombo", "manila", "jakarta", "kuala lumpur", "seoul", "busan", "osaka", "kyoto",
    "taipei", "hong kong", "shanghai", "beijing", "shenzhen", "stockholm", "oslo", "copenhagen", "helsinki",
    "zurich", "geneva", "brussels", "warsaw", "budapest", "athens", "istanbul", "cairo", "lagos", "accra",
    "cape town", "johannesburg", "tel aviv", "doha", "riyadh", "buenos aires", "sao paulo", "rio de janeiro",
    "lima", "bogota", "mexico city", "porto", "seville", "valencia", "florence", "venice", "naples", "lyon",
    "marseille", "hamburg", "frankfurt", "cologne",
    "中国", "日本", "韩国", "美国", "英国", "法国", "德国", "意大利", "西班牙", "澳大利亚", "加拿大", "新西兰",
    "冰岛", "泰国", "越南", "印度", "俄罗斯", "新疆", "西藏", "云南", "海南", "广东", "浙江", "江苏", "福建",
    "四川", "湖南", "湖北", "河南", "河北", "山东", "山西", "陕西", "东北", "天津", "重庆", "青岛", "厦门",
    "大连", "合肥", "长沙", "昆明", "无锡", "宁波", "哈尔滨", "沈阳", "长春", "郑州", "济南", "福州", "贵阳",
    "南宁", "兰州", "拉萨", "乌鲁木齐", "三亚", "大理", "丽江", "珠海", "东莞", "佛山", "温州", "绍兴",
    "台州", "金华", "常州", "南通", "扬州", "徐州", "烟台", "石家庄", "太原", "南昌", "呼和浩特", "衡阳",
})

#: proper names whose first word is "new" or "old": that word is the name's own, not a descriptor
#: to fold away ("my new car" is the car; "New Mexico" is not Mexico, "New Balance" not a balance).
#: Written capitalised a name keeps its "New" anyway (lifecycle.name_norm); the list is for the
#: lower-case chat spelling ("moved to new jersey") and for a name's prefix ("new york city").
NEW_OLD_NAMES: frozenset[str] = frozenset({
    *(p for p in PLACES if p.startswith(("new ", "old "))),
    "new york", "new york city", "new jersey", "new zealand", "new mexico", "new hampshire", "new orleans",
    "new delhi", "new england", "new brunswick", "new south wales", "new haven", "new caledonia",
    "new guinea", "new territories", "new westminster", "new london", "new bedford", "new rochelle",
    "new brighton", "new plymouth", "new taipei", "old delhi", "old trafford",
    "new balance", "new look", "new era", "new york times", "new yorker", "new scientist", "new relic",
    "old navy", "old spice", "old el paso",
})


def new_old_name_rest(word: str) -> str:
    """The rests of the NEW_OLD_NAMES that ``word`` ("new" / "old") opens, as a regular
    expression alternation, longest first ("york city|york|jersey|…"): the one spelling of "this
    "new" is the name's own" that the object cleaner's look-ahead (``patterns.EN_LEADING``) and
    ``lifecycle.name_norm`` both read, each followed by a word boundary ("new york's" keeps it)."""
    rests = sorted((n.split(" ", 1)[1] for n in NEW_OLD_NAMES if n.startswith(word + " ")), key=len, reverse=True)
    return "|".join(re.escape(r) for r in rests)


#: what one works as, in Chinese (护士, 产品经理, 外卖员): a role, never the name of an employer —
#: 辞掉了护士的工作 ends the job held, it names no organisation called 护士
JOB_ROLES_ZH: tuple[str, ...] = (
    "产品经理", "经理", "工程师", "设计师", "员工", "老师", "教师", "医生", "护士", "职员", "主管", "总监", "程序员", "运营",
    "销售", "会计", "律师", "实习生", "研究员", "骑手", "司机", "快递员", "外卖员", "客服", "店员", "服务员", "厨师", "保安",
    "编辑", "记者", "分析师", "架构师", "主播", "合伙人", "创始人", "顾问", "专员", "助理", "前台", "文员", "店长", "教授",
    "讲师", "工人", "技术员", "咨询师", "产品", "测试", "开发", "HR", "hr")
#: an English job told by its kind, not its employer ("my nursing job", "my day job", "my
#: old job"): its end is the held job's; a second or side job is not that one
_EN_JOB_BY_KIND = re.compile(r"^(?!(?:(?:my|the) )?(?:second|side|part-time|weekend|night|summer|other|extra) )(?:my |the )?"
                             r"(?:[a-z\-]+ ){0,2}(?:job|position|role|gig)(?:$| (?!(?:at|with|for|in)\b))")


def job_by_role(obj: str, lang: str) -> bool:
    """Whether a left job's object names the job by what one did there, not where
    (``JOB_ROLES_ZH``; "my nursing job")."""
    obj = obj.strip()
    if lang == "zh":
        role = re.sub(r"的?工作$", "", obj)  # 辞掉了工作: the job itself; 护士的工作: by its role
        return role in JOB_ROLES_ZH or not role and bool(obj)
    return _EN_JOB_BY_KIND.match(obj.lower()) is not None


#: words that name a kind of thing, not one thing ("car seats", 车): an entity by that name is no
#: particular car (a pronoun prefers a named one before it; a later line naming it names no new one)
KIND_WORDS: frozenset[str] = frozenset({"car", "truck", "bike", "motorcycle", "scooter", "suv", "van", "phone", "laptop",
                                        "车", "汽车", "电动车", "手机", "电脑"})

VEHICLE_BRANDS: frozenset[str] = frozenset({
    "toyota", "honda", "ford", "chevy", "chevrolet", "tesla", "subaru", "hyundai", "kia", "mazda", "jeep",
    "volvo", "bmw", "audi", "mercedes", "mercedes-benz", "porsche", "volkswagen", "vw", "nissan", "lexus",
    "rivian", "lucid", "polestar", "mini", "fiat", "dodge", "ram", "gmc", "buick", "cadillac", "acura",
    "infiniti", "land rover", "jaguar", "vespa", "ducati", "harley", "harley-davidson", "yamaha", "trek",
    "比亚迪", "大众", "丰田", "本田", "日产", "宝马", "奔驰", "奥迪", "特斯拉", "蔚来", "小鹏", "理想", "问界",
    "极氪", "吉利", "长安", "哈弗", "坦克", "五菱", "红旗", "别克", "雪佛兰", "福特", "马自达", "现代", "起亚",
    "沃尔沃", "保时捷", "小米", "零跑", "埃安", "领克", "雅迪", "爱玛", "九号", "路虎", "雷克萨斯", "凯迪拉克", "林肯",
    "捷豹", "英菲尼迪", "斯柯达", "标致", "雪铁龙", "荣威", "名爵", "传祺", "奇瑞", "岚图", "腾势", "阿维塔",
    "哪吒", "深蓝", "极越", "智己", "宝骏", "长城", "欧拉", "魏牌", "东风", "北汽", "星途", "捷途", "方程豹", "仰望",
    # the trucks drivers name (我那台解放J6, 新车开回来了 豪沃TX, 陕汽德龙X6000)
    "豪沃", "陕汽", "欧曼", "乘龙", "重汽", "霸龙", "东风天龙",
    # bicycles and e-bikes people ride to work (骑捷安特上班)
    "捷安特", "美利达", "台铃", "giant", "specialized", "cannondale",
})
#: model names that stand alone in chat ("my Camry", 朗逸)
VEHICLE_MODELS: frozenset[str] = frozenset({
    "camry", "corolla", "prius", "civic", "accord", "cr-v", "rav4", "model 3", "model y", "model s",
    "model x", "outback", "forester", "wrangler", "f-150", "mustang", "golf", "jetta", "passat", "tacoma",
    "highlander", "ioniq 5", "soul", "miata", "leaf",
    "卡罗拉", "凯美瑞", "雅阁", "思域", "朗逸", "帕萨特", "速腾", "迈腾", "高尔夫", "宏光mini", "五菱宏光mini",
    "汉", "秦", "宋", "唐", "宏光", "五菱宏光", "海豹", "海鸥", "元plus", "坦克300", "途观", "轩逸", "天籁",
    "揽胜", "卡宴", "途锐", "汉兰达", "普拉多", "陆巡", "宝来", "桑塔纳", "捷达", "飞度", "奥德赛", "奇骏", "逍客", "电瓶车", "电摩",
    # more of the models Chinese chat names after their brand (吉利星越, 别克英朗, 奇瑞瑞虎)
    "星越", "星瑞", "博越", "缤越", "帝豪", "缤瑞", "逸动", "瑞虎", "艾瑞泽", "探岳", "探歌", "凌渡", "亚洲龙",
    "威驰", "雷凌", "皇冠", "缤智", "英朗", "君威", "君越", "科鲁兹", "迈锐宝", "伊兰特", "索纳塔", "途胜", "智跑",
    "昂克赛拉", "阿特兹", "海豚", "驱逐舰", "好猫", "宏光plus", "缤果", "星愿", "海狮",
    "解放j6", "解放jh6", "解放j7",
})

#: health conditions (a topic entity when named; the patterns also accept unlisted ones by shape)
CONDITIONS: frozenset[str] = frozenset({
    "diabetes", "type 2 diabetes", "type 1 diabetes", "asthma", "covid", "covid-19", "flu", "the flu",
    "pneumonia", "migraine", "migraines", "insomnia", "anxiety", "depression", "adhd", "celiac disease",
    "arthritis", "anemia", "cancer", "high blood pressure", "hypertension", "high cholesterol", "high blood sugar", "eczema", "allergies",
    "long covid", "bronchitis", "shingles", "sciatica", "tinnitus", "ibs", "gout", "a cold", "cold",
    "parkinson's", "alzheimer's", "crohn's", "lupus", "epilepsy", "psoriasis", "endometriosis", "pcos",
    "osteoporosis", "acid reflux", "gerd", "vertigo", "scoliosis", "strep throat", "mono", "chickenpox",
    "hypothyroidism", "hyperthyroidism", "kidney stones", "concussion", "fibromyalgia", "sleep apnea",
    "hay fever", "food poisoning", "appendicitis", "autism", "ptsd", "ocd", "burnout", "acne",
    "crohn's disease", "parkinson's disease", "alzheimer's disease", "lyme disease", "dementia", "heart disease",
    "stroke", "胃溃疡", "肠胃炎",
    "dengue", "malaria", "typhoid", "tuberculosis", "jaundice", "chikungunya", "cholera", "measles", "mumps",
    "hepatitis", "hepatitis b", "hodgkin lymphoma", "acl tear", "torn acl", "broken wrist", "broken arm",
    "broken leg", "sprained ankle", "tennis elbow", "coeliac disease", "slipped disc", "herniated disc",
    "lymphoma", "melanoma", "glaucoma", "leukemia", "中风", "脑梗", "心梗", "骨折", "白血病", "淋巴瘤",
    "高血脂", "高血糖", "脂肪肝", "胆结石", "荨麻疹", "痔疮", "中耳炎", "结膜炎", "支气管炎", "水痘", "腱鞘炎",
    "糖尿病", "高血压", "哮喘", "新冠", "甲流", "流感", "感冒", "发烧", "肺炎", "胃炎", "湿疹", "失眠",
    "抑郁症", "焦虑症", "偏头痛", "过敏", "鼻炎", "颈椎病", "腰椎间盘突出", "甲减", "甲亢", "贫血",
    "痛风", "带状疱疹", "阿尔茨海默症", "癌症", "乳腺癌", "胃癌", "肺癌", "结石", "肾结石", "阑尾炎",
})
#: a measurement a recovery is told by ("my blood pressure is back to normal", 血糖正常了) → the
#: conditions whose end it tells; a body part needs no entry (腰 ends 腰椎间盘突出 by naming it)
_DIABETES = ("diabetes", "type 2 diabetes", "type 1 diabetes", "prediabetes", "high blood sugar")
MEASURE_CONDITIONS: dict[str, tuple[str, ...]] = {
    "blood pressure": ("high blood pressure", "hypertension"),
    "blood sugar": _DIABETES, "sugar": _DIABETES, "glucose": _DIABETES, "a1c": _DIABETES,
    "cholesterol": ("high cholesterol",), "uric acid": ("gout",), "iron": ("anemia",),
    "thyroid": ("hypothyroidism", "hyperthyroidism"),
    "血压": ("高血压",), "血糖": ("糖尿病", "高血糖"), "血脂": ("高血脂",), "胆固醇": ("高胆固醇", "高血脂"),
    "尿酸": ("痛风", "高尿酸"), "甲状腺": ("甲亢", "甲减"), "甲功": ("甲亢", "甲减"), "血红蛋白": ("贫血",),
}
#: a condition named by its shape: any span ending in one of these is a condition
CONDITION_SUFFIXES_EN: tuple[str, ...] = ("itis", "disease", "syndrome", "disorder", "cancer", "allergy",
                                          "diabetes", "infection", "fever", "ism", "emia", "osis", "pathy")
CONDITION_SUFFIXES_ZH: tuple[str, ...] = ("炎", "症", "病", "癌", "疹", "瘤", "结石", "综合征", "过敏", "溃疡",
                                          "结节", "囊肿", "息肉", "增生", "突出", "头痛", "骨折")

#: nouns that name a kind, never a particular thing: no entity, no claim value ("I joined a
#: startup", 我在一家创业公司上班, "moved into our new place", "I love this feeling")
GENERIC_NOUNS: frozenset[str] = frozenset({
    "job", "new job", "jobs", "work", "startup", "company", "firm", "agency", "office", "team", "role",
    "position", "place", "new place", "apartment", "house", "home", "flat", "condo", "city", "town",
    "country", "school", "college", "university", "hospital", "bank", "store", "shop", "restaurant",
    "library", "gym", "church", "feeling", "thing", "life", "guy", "girl", "someone", "somebody", "man",
    "woman", "person", "people", "partner", "offer", "career", "business", "family", "parents", "kids",
    "diet", "meat", "vacation", "trip", "accident", "crash", "doctor", "vet", "dentist", "therapist",
    "license", "driver's license", "promotion", "raise", "haircut", "degree", "diploma", "shot", "vaccine",
    "test", "results", "message", "email", "text", "call", "ticket", "tickets", "chance", "idea",
    "公司", "国企", "外企", "央企", "私企", "创业公司", "单位", "工厂", "厂", "学校", "医院", "银行", "家",
    "老家", "家里", "那边", "这边", "那里", "这里", "一趟那边", "感觉", "这种感觉", "东西", "工作", "地方",
    "城市", "房子", "新家", "医生", "老师", "肉", "荤", "单身", "店", "超市", "外地", "外省", "国外", "海外",
    "农村", "乡下", "城里", "市区", "郊区", "宿舍", "食堂", "老车", "旧车", "合租房", "出租房", "公寓", "出租屋", "附近", "旁边", "楼下", "对面", "门口", "边上",
    "大学", "高中", "初中", "小学", "中学", "幼儿园", "研究生院", "学校里", "大学里", "外面", "外头",
    # a dwelling bought is a move or a home, not a product (dev2: "bought a house in Sacramento")
    "房", "新房", "二手房", "townhouse", "duplex", "bungalow", "cabin",
    "address", "new address", "email address", "phone number", "number", "一起",
    # someone's family home and student housing: no place of one's own named
    "dorm", "dorms", "dormitory", "the dorms", "娘家", "婆家", "婆婆家", "父母家", "爸妈家", "到处", "四处",
    # where one lives told in general ("we love the neighborhood"), and rides one does not own
    # (骑共享单车上班 is no vehicle of one's own)
    "neighborhood", "neighbourhood",
    # places of an errand or an outing, with no name (去公园快走, 在商场逛了逛)
    "公园", "商场", "健身房", "图书馆", "电影院", "菜市场", "小区",
    # where one walks or sits, with no name (天天去海边散步)
    "海边", "江边", "河边", "湖边", "山上", "山里", "海边散步", "江边散步",
    "共享单车", "共享电单车", "共享电动车", "共享汽车", "citi bike", "lime scooter", "bike share",
})

#: the commonest Chinese surnames: a jieba person tag (nr) on a word starting with one is taken
#: as a name even without a cue word around it (林悦上周搬到天津了)
ZH_SURNAMES: frozenset[str] = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")

#: words that name a person by their tie to the speaker: an entity of their own (mom, 老公,
#: neighbour, 对象), but never the *value* of a relationship ("I broke up with my boyfriend"
#: names no one: no claim), and dropped when a name follows ("my colleague Tom" → Tom)
TIES_EN: frozenset[str] = frozenset({
    "boyfriend", "girlfriend", "fiance", "fiancé", "fiancee", "fiancée", "ex", "ex-boyfriend", "ex-girlfriend",
    "ex-husband", "ex-wife", "neighbor", "neighbour", "coworker", "co-worker", "colleague", "friend", "boss",
    "roommate", "parents", "teammate", "classmate",
})
TIES_ZH: frozenset[str] = frozenset({
    "男朋友", "女朋友", "前夫", "前妻", "前男友", "前女友", "未婚夫", "未婚妻", "邻居", "同事", "朋友", "老板",
    "同学", "室友", "爸妈", "父母", "表妹", "表哥", "表姐", "表弟", "堂妹", "堂哥", "闺蜜", "领导", "对象",
    "姑姑", "舅舅", "姨妈", "婶婶", "岳父", "岳母", "公公", "婆婆", "孙子", "孙女", "侄子", "侄女", "外甥",
    "姐夫", "妹夫", "嫂子", "弟媳", "姑父", "姨父", "舅妈", "堂姐", "堂弟",
    # the circle chat names by its tie too (我发小大壮, 我们组长, 哥们儿)
    "发小", "老乡", "学长", "学姐", "师兄", "师姐", "组长", "上司", "导师", "同桌",
})
#: pet species and breeds (a species word before a pet's name is no entity: 'our cat Whiskers')
#: English species and breed words beyond the common ones the statement patterns spell out
EN_PET_BREEDS: tuple[str, ...] = (
    "parakeet", "bearded dragon", "cockatoo", "canary", "iguana", "hedgehog", "axolotl", "chihuahua", "pit bull",
    "pitbull", "border collie", "collie", "bulldog", "french bulldog", "rottweiler", "doberman", "shih tzu",
    "yorkie", "schnauzer", "dalmatian", "spaniel", "great dane", "mutt", "tabby", "calico", "siamese", "ragdoll",
    "maine coon", "sheltie", "springer", "springer spaniel", "cocker spaniel", "whippet", "lurcher", "labradoodle",
    "goldendoodle", "cockapoo", "cavapoo", "staffy", "weimaraner", "vizsla", "samoyed", "malamute", "shiba inu", "sphynx",
    "british shorthair")
PET_SPECIES: frozenset[str] = frozenset({
    "cat", "dog", "kitten", "puppy", "pup", "rabbit", "bunny", "hamster", "parrot", "bird", "fish", "turtle",
    "guinea pig", "beagle", "corgi", "poodle", "labrador", "lab", "golden retriever", "retriever", "husky",
    "greyhound", "terrier", "shepherd", "pug", "dachshund", "goldfish", "snake", "lizard", "gecko", "ferret",
    "horse", "pony", "budgie", "cockatiel", "tortoise", "chinchilla", "kitty",
    *EN_PET_BREEDS,
    "猫", "猫咪", "小猫", "橘猫", "布偶猫", "布偶", "英短", "狗", "小狗", "狗狗", "柯基", "金毛", "泰迪", "柴犬",
    "哈士奇", "兔子", "仓鼠", "鹦鹉", "乌龟", "金鱼", "流浪猫", "流浪狗", "鱼", "鸟", "小鸟", "小兔子",
    "边牧", "拉布拉多", "萨摩耶", "比熊", "博美", "土狗", "中华田园犬", "田园犬", "龙猫", "豚鼠", "刺猬", "狗子",
})

#: what a pet has or needs: after a species word these are the pet's things, never its name
#: (我家狗狗零食吃完了, 猫咪疫苗打了)
PET_THINGS: frozenset[str] = frozenset({
    "零食", "玩具", "猫粮", "狗粮", "猫砂", "衣服", "窝", "笼子", "疫苗", "医院", "绝育", "驱虫", "洗澡", "毛发",
    "掉毛", "体检", "罐头", "主粮", "饭盆", "水盆", "牵引绳", "狗绳", "项圈", "尾巴", "爪子", "耳朵", "眼睛",
    "肚子", "身体", "毛病", "脾气", "性格", "年纪", "体重", "品种", "主人", "宝宝", "妈妈", "爸爸",
    "粮食", "口粮", "伙食", "饭量", "食量", "胃口", "肠胃", "牙齿", "鼻子", "皮肤", "屁股", "食盆", "猫窝", "狗窝",
    "猫爬架", "美容", "寄养", "毛色", "叫声", "体型", "脚掌", "肉垫",
})

#: the one diet vocabulary (issue 14's label convention: English values for both languages)
DIETS_EN: tuple[str, ...] = ("vegetarian", "vegan", "pescatarian", "keto", "gluten-free", "dairy-free", "paleo", "low-carb")
#: Chinese diet words and the value each names
#: a one-character kin word and the name a relative of the user is known by (我妈 -> 妈妈), the
#: same in extraction (the claim's subject) and in a question (its subject)
ZH_KIN_FULL_NAME: dict[str, str] = {"妈": "妈妈", "爸": "爸爸", "姐": "姐姐", "哥": "哥哥", "弟": "弟弟", "妹": "妹妹"}
DIETS_ZH: dict[str, str] = {"吃素": "vegetarian", "素食": "vegetarian", "纯素": "vegan", "生酮": "keto",
                            "无麸质": "gluten-free", "低碳水": "low-carb"}
#: chains whose name is as often a place one is sitting in as an employer: a verbless
#: 我现在在星巴克 is where the speaker is, not where they work (a work verb still names the job)
VENUE_BRANDS_ZH: tuple[str, ...] = ("星巴克", "瑞幸", "喜茶", "奈雪", "麦当劳", "肯德基", "必胜客", "汉堡王", "海底捞", "宜家",
                                    "沃尔玛", "家乐福", "山姆", "优衣库", "蜜雪冰城", "库迪")
#: a diet → the diets it already is (keto is low-carb: 在搞生酮，戒了碳水 tells one diet, not two)
DIET_IMPLIES: dict[str, frozenset[str]] = {"keto": frozenset({"low-carb"}), "vegan": frozenset({"vegetarian", "dairy-free"}),
                                          "paleo": frozenset({"gluten-free", "dairy-free"})}
#: a diet → the foods it leaves out: eating one of them again ends it ("started eating bread
#: again" ends gluten-free, 又开始吃米饭了 ends keto)
DIET_EXCLUDES: dict[str, frozenset[str]] = {
    "vegetarian": frozenset({"meat", "chicken", "beef", "pork", "steak", "bacon", "burgers", "lamb", "肉", "荤", "猪肉", "牛肉", "鸡肉"}),
    "pescatarian": frozenset({"meat", "chicken", "beef", "pork", "steak", "bacon", "burgers", "lamb", "肉", "猪肉", "牛肉", "鸡肉"}),
    "vegan": frozenset({"meat", "chicken", "beef", "pork", "steak", "bacon", "fish", "seafood", "dairy", "cheese", "eggs",
                        "milk", "ice cream", "butter", "honey", "肉", "荤", "鸡蛋", "蛋", "牛奶", "奶酪", "海鲜", "鱼"}),
    "keto": frozenset({"carbs", "bread", "pasta", "rice", "sugar", "sweets", "potatoes", "noodles", "dessert", "desserts",
                       "碳水", "主食", "米饭", "面条", "面食", "甜食", "糖"}),
    "low-carb": frozenset({"carbs", "bread", "pasta", "rice", "sugar", "potatoes", "noodles", "碳水", "主食", "米饭", "面条", "面食"}),
    "gluten-free": frozenset({"gluten", "bread", "pasta", "wheat", "pizza", "bagels", "noodles", "面包", "面食", "面条", "麸质"}),
    "dairy-free": frozenset({"dairy", "cheese", "milk", "ice cream", "butter", "yogurt", "奶制品", "牛奶", "奶酪", "酸奶"}),
    "paleo": frozenset({"grains", "bread", "pasta", "rice", "dairy", "sugar", "beans", "面包", "米饭", "主食"}),
}

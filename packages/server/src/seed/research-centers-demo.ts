// Demo research centres for /platform/research-center: well-known hospitals with their contacts
// (invented people, numbers and mail addresses), the demo projects' sites linked to them, two
// centres without a project yet and one disabled. Written through the module's repository.
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { insertCenter, insertContact } from '../modules/research-centers/repository.js';

type Contact = [string, 'pi' | 'coordinator' | 'pharmacist' | 'other', string, string | null];
interface DemoCenter {
  code: string;
  name: string;
  enName: string;
  province: string;
  city: string;
  address: string;
  phone: string;
  enabled?: false;
  /** The demo projects' site names that are this centre. */
  sites: string[];
  contacts: Contact[];
}

const CENTERS: DemoCenter[] = [
  {
    code: 'RC-0001',
    name: '北京协和医院',
    enName: 'Peking Union Medical College Hospital',
    province: '北京市',
    city: '北京市',
    address: '东城区帅府园1号',
    phone: '010-69156114',
    sites: ['北京协和医院'],
    contacts: [
      ['张立群', 'pi', '13601010001', 'zhang.liqun@pumch.example.cn'],
      ['刘婷', 'coordinator', '13601010002', 'liu.ting@pumch.example.cn'],
      ['赵明', 'pharmacist', '010-69150001', null],
    ],
  },
  {
    code: 'RC-0002',
    name: '上海交通大学医学院附属瑞金医院',
    enName: 'Ruijin Hospital, Shanghai Jiao Tong University School of Medicine',
    province: '上海市',
    city: '上海市',
    address: '黄浦区瑞金二路197号',
    phone: '021-64370045',
    sites: ['上海瑞金医院'],
    contacts: [
      ['陈建华', 'pi', '13802120001', 'chen.jianhua@rjh.example.cn'],
      ['王悦', 'coordinator', '13802120002', 'wang.yue@rjh.example.cn'],
    ],
  },
  {
    code: 'RC-0003',
    name: '中山大学附属第一医院',
    enName: 'The First Affiliated Hospital, Sun Yat-sen University',
    province: '广东省',
    city: '广州市',
    address: '越秀区中山二路58号',
    phone: '020-87755766',
    sites: ['广州中山医院'],
    contacts: [
      ['李卫东', 'pi', '13902200001', 'li.weidong@gzsums.example.cn'],
      ['黄珊', 'coordinator', '13902200002', 'huang.shan@gzsums.example.cn'],
    ],
  },
  {
    code: 'RC-0004',
    name: '四川大学华西医院',
    enName: 'West China Hospital, Sichuan University',
    province: '四川省',
    city: '成都市',
    address: '武侯区国学巷37号',
    phone: '028-85422114',
    sites: ['四川华西医院'],
    contacts: [
      ['杨帆', 'pi', '13508280001', 'yang.fan@wchscu.example.cn'],
      ['罗静', 'coordinator', '13508280002', 'luo.jing@wchscu.example.cn'],
      ['周强', 'pharmacist', '028-85420001', 'zhou.qiang@wchscu.example.cn'],
    ],
  },
  {
    code: 'RC-0005',
    name: '浙江大学医学院附属第一医院',
    enName: 'The First Affiliated Hospital, Zhejiang University School of Medicine',
    province: '浙江省',
    city: '杭州市',
    address: '上城区庆春路79号',
    phone: '0571-87236114',
    sites: ['浙江大学附属第一医院'],
    contacts: [
      ['吴晓峰', 'pi', '13705710001', 'wu.xiaofeng@zju1h.example.cn'],
      ['孙丽', 'coordinator', '13705710002', null],
    ],
  },
  {
    code: 'RC-0006',
    name: '复旦大学附属中山医院',
    enName: 'Zhongshan Hospital, Fudan University',
    province: '上海市',
    city: '上海市',
    address: '徐汇区枫林路180号',
    phone: '021-64041990',
    sites: [],
    contacts: [['郑宏', 'pi', '13602160001', 'zheng.hong@zs-hospital.example.cn']],
  },
  {
    code: 'RC-0007',
    name: '华中科技大学同济医学院附属同济医院',
    enName: 'Tongji Hospital, Tongji Medical College of HUST',
    province: '湖北省',
    city: '武汉市',
    address: '硚口区解放大道1095号',
    phone: '027-83662688',
    sites: [],
    contacts: [
      ['胡斌', 'pi', '13907270001', 'hu.bin@tjh.example.cn'],
      ['何敏', 'coordinator', '13907270002', 'he.min@tjh.example.cn'],
    ],
  },
  {
    code: 'RC-0008',
    name: '中南大学湘雅医院',
    enName: 'Xiangya Hospital, Central South University',
    province: '湖南省',
    city: '长沙市',
    address: '开福区湘雅路87号',
    phone: '0731-84328888',
    // Collaboration ended: kept for the records, no longer offered.
    enabled: false,
    sites: [],
    contacts: [['谢振宇', 'pi', '13807310001', null]],
  },
];

export async function seedResearchCentersDemo(tx: Transaction): Promise<void> {
  for (const { sites, contacts, ...center } of CENTERS) {
    const { id } = await insertCenter(tx, center);
    for (const [name, role, phone, email] of contacts)
      await insertContact(tx, { centerId: id, name, role, phone, email });
    for (const site of sites)
      await tx.update(s.sites).set({ researchCenterId: id }).where(eq(s.sites.name, site));
  }
}
